// The generic channel calls of spec 2 §7 (GET /channels, ?available=true, /channels/company/{id}, /channels/paged,
// GET and PATCH /channels/{id}): one shape for a channel of any kind. Kept apart from channels.ts, which stays
// free of zod because channel-capabilities.ts (read by the widget) imports it.
import { CHANNEL_KINDS, type TChannelKind } from './channels';
import { zId, zInt4Param, zPage } from './ids';
import { z } from './zod';

export const CHANNEL_MSG = {
  notFound: 'Canal não encontrado.',
  sectorInvalid: 'Setor inválido.',
  triggerChannelInvalid: 'O canal de onde viriam os gatilhos não foi encontrado.',
  triggerChannelSelf: 'Um canal não pode usar os gatilhos dele mesmo.',
  statusMessageTooLong: 'A mensagem de status deve ter no máximo 255 caracteres.',
  picturePathInvalid: 'Imagem de perfil inválida: use o arquivo enviado para este canal.',
  nothingToChange:
    'Informe o que alterar: use_trigger_from_channel_id, default_sector_id, status_message ou profile_picture_path.',
  fieldNotAllowed: (keys: readonly string[]) =>
    `Não é possível alterar ${keys.join(', ')} por aqui. Campos aceitos: use_trigger_from_channel_id, default_sector_id, status_message e profile_picture_path.`,
} as const;

/**
 * The module permission (spec 3 §4, module "Canais") that guards each kind's channels, as on the kind's own
 * routes (/webchats: web_chat, /channels/waent: whatsapp). A kind without an action yet is guarded by role only.
 */
export const CHANNEL_PERMISSION: Partial<Record<TChannelKind, string>> = {
  web: 'web_chat',
  waent: 'whatsapp',
  waweb: 'whatsapp',
};

export function channelPermission(kind: string): string | null {
  return Object.hasOwn(CHANNEL_PERMISSION, kind) ? (CHANNEL_PERMISSION[kind as TChannelKind] ?? null) : null;
}

/** The Numbers table shows 300 channels per page (spec 2 §7 "Numbers: GET /channels paged 300", §9). */
export const CHANNELS_PER_PAGE = 300;

export const CONNECTION_STATES = ['none', 'starting', 'connected', 'disconnected', 'error'] as const;

/** A channel as every generic call answers it: never its config or secrets. */
export const ZChannel = z.object({
  id: z.number(),
  kind: z.string(),
  /** The kind's name for people ("Web chat", "WhatsApp Enterprise"). */
  kind_label: z.string(),
  name: z.string(),
  default_sector_id: z.number(),
  active: z.boolean(),
  /** 'none': the kind holds no session (web chat, Cloud API); the others follow the session or polling. */
  connection_state: z.enum(CONNECTION_STATES),
  /** ISO instant the connection entered its state; null when never reported. */
  connection_since: z.string().nullable(),
  /** Whether the channel can be used now (see GET /channels?available=true). */
  available: z.boolean(),
  status_message: z.string().nullable(),
  /** Relative to the uploads folder, as the channel's upload wrote it. */
  profile_picture_path: z.string().nullable(),
  use_trigger_from_channel_id: z.number().nullable(),
  created_at: z.string(),
});
export type TChannel = z.infer<typeof ZChannel>;

const ZBoolParam = z.enum(['true', 'false', '1', '0'], { error: 'Use true ou false.' });

/** GET /channels and /channels/company/{id}: `available=true` keeps only the channels usable now. */
export const ZChannelListQuery = z.object({
  available: ZBoolParam.optional().transform((v) => v === 'true' || v === '1'),
});

export const ZChannelPageQuery = z.object({
  page: zPage(),
  per_page: zInt4Param({ min: 1, max: CHANNELS_PER_PAGE }).default(CHANNELS_PER_PAGE),
  kind: z.enum(CHANNEL_KINDS, { error: 'Tipo de canal inválido.' }).optional(),
});
export type TChannelPageQuery = z.infer<typeof ZChannelPageQuery>;

export const ZChannelPage = z.object({
  items: z.array(ZChannel),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TChannelPage = z.infer<typeof ZChannelPage>;

// Path segments of letters, digits, dot, dash and underscore, none starting with a dot: no "..", no absolute path.
const PICTURE_PATH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** PATCH /channels/{id}: only these four fields; an empty text clears the status message. */
export const ZChannelPatch = z
  .strictObject(
    {
      use_trigger_from_channel_id: zId(CHANNEL_MSG.triggerChannelInvalid).nullable().optional(),
      default_sector_id: zId(CHANNEL_MSG.sectorInvalid).optional(),
      status_message: z
        .string()
        .trim()
        .max(255, { error: CHANNEL_MSG.statusMessageTooLong })
        .nullable()
        .optional()
        .transform((v) => (v === '' ? null : v)),
      profile_picture_path: z
        .string({ error: CHANNEL_MSG.picturePathInvalid })
        .max(300, { error: CHANNEL_MSG.picturePathInvalid })
        .regex(PICTURE_PATH, { error: CHANNEL_MSG.picturePathInvalid })
        .nullable()
        .optional(),
    },
    {
      error: (iss) => (iss.code === 'unrecognized_keys' ? CHANNEL_MSG.fieldNotAllowed(iss.keys) : undefined),
    },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: CHANNEL_MSG.nothingToChange });
export type TChannelPatch = z.infer<typeof ZChannelPatch>;
