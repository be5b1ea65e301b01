import { zId, zIdParam, zPage } from './ids';
import { z } from './zod';

// Opt-in subscribers of a channel (spec 2 §3 Opt-in, §7 "Opt-in: search, active, deactivate"; issue 18): who may
// receive campaigns "to all subscribers", the opt-out and opt-in words a contact writes, the search screen's contract.

/** Channel kinds with subscribers: WhatsApp Enterprise, WhatsApp by QR, SMS (their uid is a phone key). */
export const OPTIN_CHANNEL_KINDS = ['waent', 'waweb', 'sms'] as const;
export type TOptinChannelKind = (typeof OPTIN_CHANNEL_KINDS)[number];

export const OPTIN_KIND_LABELS: Record<TOptinChannelKind, string> = {
  waent: 'WhatsApp Enterprise',
  waweb: 'WhatsApp',
  sms: 'SMS',
};

/**
 * A message whose whole text is one of these (trimmed, any case and accents, closing punctuation ignored) turns
 * the contact's subscription inactive at once and cancels its pending campaign sends on that channel.
 */
export const OPTOUT_WORDS = ['SAIR', 'PARAR', 'DESCADASTRAR'] as const;
/**
 * The contact's way back: one of these turns an inactive subscription active again, only when the contact itself
 * opted out (source 'optout'); a user's deactivation stays until a user activates it.
 */
export const OPTIN_WORDS = ['VOLTAR', 'ACEITO'] as const;

export const SUBSCRIBER_STATUSES = ['active', 'inactive'] as const;
export type TSubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBER_STATUS_LABELS: Record<TSubscriberStatus, string> = {
  active: 'Ativo',
  inactive: 'Inativo',
};

/** How a subscription last changed (subscribers.source). */
export const SUBSCRIBER_SOURCES = ['inbound', 'manual', 'optout', 'optin'] as const;
export type TSubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];
export const SUBSCRIBER_SOURCE_LABELS: Record<TSubscriberSource, string> = {
  inbound: 'Mensagem do contato',
  manual: 'Alteração manual',
  optout: 'Pediu para sair',
  optin: 'Pediu para voltar',
};

export const OPTIN_PER_PAGE = [15, 30, 45] as const;
/** Ids one activate/deactivate call may change. */
export const OPTIN_MAX_IDS = 500;

export const OPTIN_MSG = {
  channelRequired: 'Selecione o canal.',
  channelInvalid: 'Canal não encontrado ou sem opt-in (somente WhatsApp Enterprise, WhatsApp e SMS).',
  termTooLong: 'A busca deve ter no máximo 100 caracteres.',
  targetRequired: 'Selecione os inscritos ou informe um número.',
  tooMany: `Altere no máximo ${OPTIN_MAX_IDS} inscritos por vez.`,
  uidInvalid: 'Número inválido: informe o DDD e o número (com o código do país, se não for do Brasil).',
  perPage: 'Quantidade por página inválida.',
  notFound: 'Inscrito não encontrado.',
  activated: 'Inscrição ativada com sucesso.',
  deactivated: 'Inscrição desativada com sucesso.',
  loadError: 'Erro ao buscar inscritos.',
  saveError: 'Erro ao alterar a inscrição.',
  /** Sent to the contact who wrote an opt-out word. */
  optoutReply: 'Pronto! Você não receberá mais nossas campanhas. Para voltar a recebê-las, responda VOLTAR.',
  /** Sent to the contact who wrote an opt-in word after opting out. */
  optinReply: 'Pronto! Você voltará a receber nossas campanhas.',
} as const;

/** The routes of the opt-in screen. */
export const OPTIN_API = {
  channels: '/api/optin/channels',
  search: '/api/optin/search',
  activate: '/api/optin/active',
  deactivate: '/api/optin/deactivate',
} as const;

/** A text as compared with the words: trimmed, upper case, without accents and closing punctuation. */
export function normalizeWord(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/[\s.!;,]+$/u, '')
    .toUpperCase();
}

export function isOptOutText(text: string | null | undefined): boolean {
  if (!text) return false;
  return (OPTOUT_WORDS as readonly string[]).includes(normalizeWord(text));
}

export function isOptInText(text: string | null | undefined): boolean {
  if (!text) return false;
  return (OPTIN_WORDS as readonly string[]).includes(normalizeWord(text));
}

/** A phone key (digits with the country code) as people read it: +55 (11) 98888-7777; anything else as it is. */
export function formatPhoneKey(uid: string): string {
  const m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(uid);
  if (m) return `+55 (${m[1]}) ${m[2]}-${m[3]}`;
  return /^\d{8,15}$/.test(uid) ? `+${uid}` : uid;
}

export const ZOptinChannel = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(OPTIN_CHANNEL_KINDS),
  active_subscribers: z.number(),
});
export type TOptinChannel = z.infer<typeof ZOptinChannel>;

export const ZOptinSearchQuery = z.object({
  channel_id: zIdParam(OPTIN_MSG.channelRequired),
  term: z.string({ error: OPTIN_MSG.termTooLong }).trim().max(100, OPTIN_MSG.termTooLong).optional(),
  status: z.enum(['all', ...SUBSCRIBER_STATUSES], { error: 'Status inválido.' }).default('all'),
  page: zPage(),
  per_page: z.coerce
    .number({ error: OPTIN_MSG.perPage })
    .refine((n) => (OPTIN_PER_PAGE as readonly number[]).includes(n), OPTIN_MSG.perPage)
    .default(15),
});
export type TOptinSearchQuery = z.infer<typeof ZOptinSearchQuery>;

export const ZSubscriber = z.object({
  id: z.number(),
  channel_id: z.number(),
  uid: z.string(),
  name: z.string(),
  subscriber_status: z.enum(SUBSCRIBER_STATUSES),
  source: z.string(),
  changed_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TSubscriber = z.infer<typeof ZSubscriber>;

export const ZOptinPage = z.object({
  data: z.array(ZSubscriber),
  from: z.number(),
  to: z.number(),
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
export type TOptinPage = z.infer<typeof ZOptinPage>;

/** Activate or deactivate: some subscribers by id, or one number (created if the channel has no row for it). */
export const ZOptinChangeInput = z
  .object({
    channel_id: zId(OPTIN_MSG.channelRequired),
    ids: z
      .array(zId(OPTIN_MSG.notFound), { error: OPTIN_MSG.targetRequired })
      .max(OPTIN_MAX_IDS, OPTIN_MSG.tooMany)
      .optional(),
    uid: z.string({ error: OPTIN_MSG.uidInvalid }).trim().max(40, OPTIN_MSG.uidInvalid).optional(),
  })
  .refine((v) => (v.ids?.length ?? 0) > 0 || (v.uid ?? '') !== '', {
    error: OPTIN_MSG.targetRequired,
    path: ['ids'],
  });
export type TOptinChangeInput = z.infer<typeof ZOptinChangeInput>;

export const ZOptinChangeOutput = z.object({ message: z.string(), updated: z.number() });
export type TOptinChangeOutput = z.infer<typeof ZOptinChangeOutput>;
