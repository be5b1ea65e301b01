// SMS channels (issue 16; spec 2 §3 "SMS channel", §5, §7; spec 3 §9 brokers): kind 'sms', one provider per
// broker behind one interface (server channels/sms/providers). Zenvia, Infobip and Movile speak their own APIs;
// Classe A, Pontal, Best Use and PG are configured as a generic HTTP broker.
import { zId } from './ids';
import { z } from './zod';

export const SMS_BROKERS = ['zenvia', 'infobip', 'movile', 'classea', 'pontal', 'bestuse', 'pg'] as const;
export type TSmsBroker = (typeof SMS_BROKERS)[number];

export const SMS_BROKER_LABEL: Record<TSmsBroker, string> = {
  zenvia: 'Zenvia',
  infobip: 'InfoBip',
  movile: 'Movile',
  classea: 'Classe A',
  pontal: 'Pontal',
  bestuse: 'Best Use',
  pg: 'PG',
};

/** Brokers without an API of their own in the product: the channel describes their HTTP call. */
export const GENERIC_SMS_BROKERS: readonly TSmsBroker[] = ['classea', 'pontal', 'bestuse', 'pg'];
export const isGenericBroker = (b: TSmsBroker) => GENERIC_SMS_BROKERS.includes(b);

export const SMS_DEFAULT_BASE_URL: Record<'zenvia' | 'infobip' | 'movile', string> = {
  zenvia: 'https://api.zenvia.com',
  infobip: 'https://api.infobip.com',
  movile: 'https://api-messaging.movile.com',
};

/** Spec 2 §5, spec 1 §5 and §9, verbatim where the spec gives them. */
export const SMS_MSG = {
  required: 'Preencha os campos obrigatórios.',
  invalidConditionals: 'Há condições inválidas nos campos!',
  oneDefault: 'Só uma condição pode ser a padrão.',
  sectorInvalid: 'Setor inválido.',
  notFound: 'Canal não encontrado.',
  saved: 'Canal salvo com sucesso!',
  removed: 'Canal removido com sucesso!',
  loadError: 'Erro ao carregar os canais',
  activeRequired: 'Por favor, preencha os campos obrigatórios!',
  activeTooLong: 'Não é permitido o envio de ativos com mais de 160 caracteres!',
  noChannels: 'Você não tem canais para fazer ativo.',
  invalidPhone: 'Número de telefone inválido.',
  brokerRefused: 'O broker recusou a mensagem.',
} as const;

/** Spec 1 §9: an active SMS carries at most 160 characters; the channel's field 250. */
export const ACTIVE_SMS_MAX = 160;
export const SMS_TEXT_MAX = 250;

const req = (max = 500) =>
  z
    .string({ error: SMS_MSG.required })
    .trim()
    .min(1, { error: SMS_MSG.required })
    .max(max, { error: SMS_MSG.required });
const opt = (max = 500) => z.string().trim().max(max).optional().default('');

/** Generic broker: the send call and where the broker's answers and webhooks carry each value (dotted paths). */
export const ZGenericBroker = z.object({
  send_url: z.url({ error: SMS_MSG.required }).max(500),
  method: z.enum(['POST', 'GET']).default('POST'),
  body_format: z.enum(['json', 'form']).default('json'),
  /** With {{to}}, {{message}} and {{id}}; GET puts them in the URL's query instead. */
  body_template: z.string().trim().max(2000).default(''),
  response_id_path: req(200),
  inbound_from_path: req(200),
  inbound_text_path: req(200),
  inbound_id_path: opt(200),
  status_id_path: opt(200),
  status_value_path: opt(200),
  /** Comma-separated values of status_value_path meaning delivered / failed. */
  status_delivered: opt(300),
  status_failed: opt(300),
});
export type TGenericBroker = z.infer<typeof ZGenericBroker>;

/** A conditional (spec 2 §3): the first message of a conversation matching `conditional` opens it in sector_id. */
export const ZConditional = z.object({
  sector_id: z.number().int().positive().nullable().optional(),
  /** Words (any of them, comma-separated, case and accents ignored) or /regex/. */
  conditional: z.string().max(200).nullable().optional(),
  /** Active or not. */
  status: z.boolean().default(true),
  /** The sector when no other conditional matches. */
  default: z.boolean().default(false),
  /** The form's "remove" mark: dropped on save. */
  delete: z.boolean().optional(),
  old_sector_id: z.number().int().positive().nullable().optional(),
});
export type TConditionalInput = z.input<typeof ZConditional>;
export type TConditional = { sector_id: number; conditional: string; status: boolean; default: boolean };

/** A conditional's condition: /pattern/flags (a valid regex) or words. null when it cannot be used. */
export function conditionMatcher(condition: string): ((text: string) => boolean) | null {
  const c = condition.trim();
  if (!c) return null;
  const re = /^\/(.+)\/([imsu]*)$/s.exec(c);
  if (re) {
    try {
      const rx = new RegExp(re[1] ?? '', re[2]);
      return (text) => rx.test(text);
    } catch {
      return null;
    }
  }
  const words = c
    .split(',')
    .map((w) => fold(w))
    .filter(Boolean);
  if (words.length === 0) return null;
  return (text) => {
    const t = ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
    return words.some((w) => t.includes(` ${w} `));
  };
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The sector a first message opens in: the first active matching conditional, else the default one, else null. */
export function routeByConditionals(conds: readonly TConditional[], text: string): number | null {
  for (const c of conds) {
    if (!c.status) continue;
    if (conditionMatcher(c.conditional)?.(text)) return c.sector_id;
  }
  return conds.find((c) => c.status && c.default)?.sector_id ?? null;
}

/** The form's rows made rules: removed ones dropped; a row without sector or a usable condition is refused. */
export function cleanConditionals(
  rows: readonly TConditionalInput[],
): TConditional[] | 'invalid' | 'twoDefaults' {
  const kept = rows.filter((r) => !r.delete);
  const out: TConditional[] = [];
  for (const r of kept) {
    if (!r.sector_id || !r.conditional?.trim() || !conditionMatcher(r.conditional)) return 'invalid';
    out.push({
      sector_id: r.sector_id,
      conditional: r.conditional.trim(),
      status: r.status ?? true,
      default: r.default ?? false,
    });
  }
  if (out.filter((c) => c.default).length > 1) return 'twoDefaults';
  return out;
}

/** What `channels.config` of an 'sms' channel holds (credentials and the webhook secret are sealed). */
export const ZSmsConfig = z.object({
  broker: z.enum(SMS_BROKERS),
  base_url: z.string().default(''),
  sender: z.string().default(''),
  username: z.string().default(''),
  generic: ZGenericBroker.partial().optional(),
  conditionals: z
    .array(
      z.object({ sector_id: z.number(), conditional: z.string(), status: z.boolean(), default: z.boolean() }),
    )
    .default([]),
  uses_webhook: z.boolean().default(true),
});
export type TSmsConfig = z.infer<typeof ZSmsConfig>;

/**
 * extra_data of the form (spec 2 §3): each broker's fields. `token` is Zenvia's X-API-TOKEN, Infobip's API key,
 * Movile's AuthenticationToken; the generic broker's `headers` ("Nome: valor" a line) may hold its credentials.
 */
export const ZSmsExtraData = z.object({
  base_url: z.string().trim().max(500).optional().default(''),
  sender: z.string().trim().max(40).optional().default(''),
  username: z.string().trim().max(120).optional().default(''),
  token: z.string().trim().max(500).optional().default(''),
  headers: z.string().max(2000).optional().default(''),
  generic: z.unknown().optional(),
});
export type TSmsExtraData = z.input<typeof ZSmsExtraData>;

export const ZSmsChannelInput = z.object({
  gateway: z.enum(SMS_BROKERS, { error: SMS_MSG.required }),
  name: req(80),
  default_sector_id: zId(SMS_MSG.required),
  extra_data: ZSmsExtraData,
  conditionals: z.array(ZConditional).max(50).default([]),
  active: z.boolean().default(true),
});
export type TSmsChannelInput = z.input<typeof ZSmsChannelInput>;

export const ZSmsChannel = z.object({
  id: z.number(),
  gateway: z.enum(SMS_BROKERS),
  name: z.string(),
  default_sector_id: z.number(),
  sector_name: z.string().nullable(),
  active: z.boolean(),
  uses_webhook: z.boolean(),
  /** Not secret values; the credentials come back only as hints. */
  extra_data: z.object({
    base_url: z.string(),
    sender: z.string(),
    username: z.string(),
    token_hint: z.string(),
    has_headers: z.boolean(),
    generic: ZGenericBroker.partial().nullable(),
  }),
  conditionals: z.array(
    z.object({ sector_id: z.number(), conditional: z.string(), status: z.boolean(), default: z.boolean() }),
  ),
  created_at: z.string(),
});
export type TSmsChannel = z.infer<typeof ZSmsChannel>;

/** get_api_key (spec 2 §7): what to paste in the broker's panel. */
export const ZSmsApiKey = z.object({ api_key: z.string(), webhook_url: z.string(), header: z.string() });
export type TSmsApiKey = z.infer<typeof ZSmsApiKey>;

/** Active SMS (spec 1 §3): channel, DDI, phone, message (≤ 160), sector, is_new_channel. */
export const ZActiveSmsInput = z.object({
  channel_id: zId(SMS_MSG.activeRequired),
  phone_number_ddi: z.string().trim().max(4).regex(/^\d*$/, { error: SMS_MSG.invalidPhone }).default('55'),
  phone_number: z
    .string({ error: SMS_MSG.activeRequired })
    .trim()
    .min(1, { error: SMS_MSG.activeRequired })
    .max(30, { error: SMS_MSG.invalidPhone }),
  message: z
    .string({ error: SMS_MSG.activeRequired })
    .trim()
    .min(1, { error: SMS_MSG.activeRequired })
    .max(ACTIVE_SMS_MAX, { error: SMS_MSG.activeTooLong }),
  sector_id: zId(SMS_MSG.activeRequired),
  is_new_channel: z.boolean().default(true),
});
export type TActiveSmsInput = z.input<typeof ZActiveSmsInput>;

/** The channels an active SMS may leave from (both the SMS screen's channels and Smart channels on SMS). */
export const ZActiveSmsChannel = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['sms', 'smart']),
  gateway: z.string(),
  is_new_channel: z.boolean(),
});
export type TActiveSmsChannel = z.infer<typeof ZActiveSmsChannel>;

/** Brazilian mask for DDI 55: (11) 91234-5678 or (11) 1234-5678; free digits otherwise. */
export function maskPhone(ddi: string, value: string): string {
  const d = value.replace(/\D/g, '');
  if (ddi !== '55') return d.slice(0, 15);
  const n = d.slice(0, 11);
  if (n.length <= 2) return n.length ? `(${n}` : '';
  const area = n.slice(0, 2);
  const rest = n.slice(2);
  if (rest.length <= 4) return `(${area}) ${rest}`;
  const split = rest.length > 8 ? 5 : 4;
  return `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** The number an active SMS goes to: DDI and digits (a Brazilian number has 10 or 11 digits). */
export function activeSmsNumber(ddi: string, phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  const d = ddi.replace(/\D/g, '') || '55';
  if (d === '55') return digits.length === 10 || digits.length === 11 ? `55${digits}` : null;
  return digits.length >= 6 && digits.length <= 15 ? `${d}${digits}` : null;
}

export const ZActiveSmsOptions = z.object({
  /** false for managers (spec 1 §5: a manager cannot start active SMS). */
  allowed: z.boolean(),
  channels: z.array(ZActiveSmsChannel),
  sectors: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type TActiveSmsOptions = z.infer<typeof ZActiveSmsOptions>;
