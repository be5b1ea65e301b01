import { zId } from './ids';
import { type TWawebState, WAWEB_STATES } from './waweb-states';
import { z } from './zod';

// WhatsApp numbers connected by QR code (spec 2: main.whatsapp; issue 13).

export const WAWEB_MSG = {
  nameRequired: 'Campo nome é obrigatório.',
  sectorRequired: 'Selecione um setor.',
  phoneInvalid: 'Informe o número com DDD, só com dígitos.',
  notFound: 'Número não encontrado.',
  removed: 'Número removido com sucesso!',
  deleteRunning: 'Não foi possível deletar o canal. Tente parar ele antes.',
  notRunning: 'Canal não está rodando',
  alreadyRunning: 'Canal já está rodando',
  wrongNumber: 'Canal desconectado! Certifique-se que o número informado é o mesmo do aparelho',
} as const;

/** How a web number sends: at least `min_interval_ms` between messages plus up to `jitter_ms`, typing first. */
export const ZWawebPacing = z.object({
  min_interval_ms: z.number().int().min(0).max(60_000).default(1500),
  jitter_ms: z.number().int().min(0).max(60_000).default(1500),
  presence: z.boolean().default(true),
});
export type TWawebPacing = z.infer<typeof ZWawebPacing>;

const DEFAULT_PACING: TWawebPacing = { min_interval_ms: 1500, jitter_ms: 1500, presence: true };

/** What a number keeps in its channel's config (the adapter reads it; the form writes it). */
export const ZWawebConfig = z.object({
  phone_number: z.string().default(''),
  allow_groups: z.boolean().default(false),
  pacing: ZWawebPacing.default(DEFAULT_PACING),
});
export type TWawebConfig = z.output<typeof ZWawebConfig>;

export const ZWawebInput = z.object({
  name: z.string({ error: WAWEB_MSG.nameRequired }).trim().min(1, { error: WAWEB_MSG.nameRequired }).max(80),
  sector_id: zId(WAWEB_MSG.sectorRequired),
  /** The number of the phone that will scan the QR (digits with country and area code); optional. */
  phone_number: z
    .string()
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v === '' || (v.length >= 10 && v.length <= 15), { error: WAWEB_MSG.phoneInvalid })
    .default(''),
  allow_groups: z.boolean().default(false),
  pacing: ZWawebPacing.default(DEFAULT_PACING),
});
export type TWawebInput = z.infer<typeof ZWawebInput>;

export const ZWawebChannel = z.object({
  id: z.number(),
  name: z.string(),
  sector_id: z.number(),
  phone_number: z.string(),
  allow_groups: z.boolean(),
  pacing: ZWawebPacing,
  state: z.enum(WAWEB_STATES),
  state_since: z.string().nullable(),
  running: z.boolean(),
  online: z.boolean(),
  /** The QR to scan while pairing (UNPAIRED), else null. */
  qr: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type TWawebChannel = z.infer<typeof ZWawebChannel> & { state: TWawebState };

/** Texts of the channel servers' control calls (spec 2 §7) and the panel's refresh, logout and screenshot. */
export const WAWEB_CONTROL_MSG = {
  unauthorized: 'Chamada de controle não autorizada.',
  unreachable: 'Servidor de canais não respondeu. Tente novamente.',
  noSession: 'Canal não está rodando',
} as const;

/** Body of the control calls by channel id (POST {server}/api/start|refresh|logout|stop|screenshot). */
export const ZWawebControlById = z.object({ id: zId('Informe o id do canal.') });
export type TWawebControlById = z.infer<typeof ZWawebControlById>;

/**
 * Body of /api/v2/channel/start|refresh|stop: the channel by its uuid (route key), and optionally an https URL
 * to which the holder POSTs the channel's state changes while it runs it.
 */
export const ZWawebControlV2 = z.object({
  uuid: z
    .string({ error: 'Informe o uuid do canal.' })
    .trim()
    .min(1, { error: 'Informe o uuid do canal.' })
    .max(100),
  webhook: z.url({ error: 'Webhook inválido.' }).max(2000).optional(),
});
export type TWawebControlV2 = z.infer<typeof ZWawebControlV2>;

/** What a channel server answers to a control call that changes something. */
export const ZWawebControlResult = z.object({ id: z.number().int(), state: z.enum(WAWEB_STATES) });
export type TWawebControlResult = z.infer<typeof ZWawebControlResult>;

/** The state-change notice POSTed to a v2 webhook. */
export type TWawebWebhookNotice = { uuid: string; state: TWawebState; qr: string | null; at: string };
