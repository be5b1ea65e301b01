import { CHANNEL_KINDS, channelLabel } from './channels';
import { channelKey, EMAIL_PREFIXES, emailKey, PHONE_PREFIXES } from './contact-keys';
import { zBigId, zId, zInt4Param, zPage } from './ids';
import { z } from './zod';

// The blacklist and block suggestions (spec 3 §2, §3 Blocked contact, §4 Block history, §5 Block, §6, §8
// Blacklist; spec 1 §5 Blacklist setting, §6): the contract, the texts and the pure rules (a contact's key).

export const BLACKLIST_LIMITS = { contact: 255, description: 500 } as const;
export const BLACKLIST_PAGE_SIZES = [25, 50, 100] as const;
export const BLACKLIST_DEFAULT_PAGE_SIZE = 50;

export const BLACKLIST_MSG = {
  // spec 3 §8 Blacklist
  addError: 'Não foi possível adicionar o contato a lista de bloqueio.',
  unblockError: 'Não foi possível desbloquear o contato.',
  listError: 'Não foi possível listar os contatos bloqueados.',
  noPermission: 'Você não tem permissão para executar a ação.',
  // spec 3 §5 Block
  channelRequired: 'Campo canal é obrigatório.',
  contactRequired: 'Campo contato é obrigatório.',
  reasonRequired: 'Campo motivo é obrigatório.',
  invalidEmail: 'Informe um e-mail válido no campo contato.',
  invalidPhone: 'Informe um telefone válido no campo contato.',
  unblockReason: 'Informe o motivo do desbloqueio.',
  approvalReason: 'Informe o motivo da aprovação.',
  denialReason: 'Informe o motivo da reprovação.',
  contactTooLong: `O contato deve ter no máximo ${BLACKLIST_LIMITS.contact} caracteres.`,
  reasonTooLong: `O motivo deve ter no máximo ${BLACKLIST_LIMITS.description} caracteres.`,
  // the company switches and the records
  disabled: 'A lista de bloqueio não está habilitada para a empresa.',
  suggestDisabled: 'A sugestão de bloqueio não está habilitada para a empresa.',
  channelNotFound: 'Canal não encontrado.',
  notFound: 'Contato bloqueado não encontrado.',
  suggestionNotFound: 'Sugestão de bloqueio não encontrada.',
  alreadyBlocked: 'Este contato já está bloqueado.',
  notBlocked: 'Este contato não está bloqueado.',
  alreadySuggested: 'Já existe uma sugestão de bloqueio pendente para este contato.',
  alreadyDecided: 'Esta sugestão de bloqueio já foi aprovada ou reprovada.',
  noContactKey: 'Não foi possível identificar o contato deste atendimento para o bloqueio.',
  suggestionsError: 'Não foi possível listar as sugestões de bloqueio.',
  historyError: 'Não foi possível carregar o histórico do contato.',
  // successes
  blocked: 'Contato adicionado à lista de bloqueio.',
  blockedAgain: 'Contato bloqueado novamente.',
  unblocked: 'Contato desbloqueado.',
  suggested: 'Sugestão de bloqueio enviada ao gestor.',
  approved: 'Sugestão aprovada: contato bloqueado.',
  denied: 'Sugestão reprovada.',
} as const;

/** Block history (spec 3 §4): accepted reads Bloqueio/Bloqueado, otherwise Desbloqueio/Desbloqueado. */
export const BLOCK_ACTION_LABEL = { accepted: 'Bloqueio', denied: 'Desbloqueio' } as const;
export const BLOCK_STATE_LABEL = { accepted: 'Bloqueado', denied: 'Desbloqueado' } as const;
/** Suggestions (spec 3 §4): Aprovada or Reprovada once decided. */
export const SUGGESTION_LABEL = { approved: 'Aprovada', denied: 'Reprovada', pending: 'Pendente' } as const;

export const BLOCK_STATUSES = ['accepted', 'denied'] as const;
export type TBlockStatus = (typeof BLOCK_STATUSES)[number];
export const SUGGESTION_STATUSES = ['pending', 'approved', 'denied'] as const;
export type TSuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/** Channel kinds a contact can be blocked on: every kind of channel the product has. */
export const BLOCK_PREFIXES = CHANNEL_KINDS;
export type TBlockPrefix = (typeof BLOCK_PREFIXES)[number];

export const isPhonePrefix = (prefix: string) => PHONE_PREFIXES.includes(prefix);
export const isEmailPrefix = (prefix: string) => EMAIL_PREFIXES.includes(prefix);

/** The message refusing a contact that is not an address of the kind (e-mail for e-mail and web, else phone). */
export function invalidContactMessage(prefix: string): string {
  return isEmailPrefix(prefix) ? BLACKLIST_MSG.invalidEmail : BLACKLIST_MSG.invalidPhone;
}

/** How a contact is stored on the blacklist for a kind (contact-keys.ts), or null when it is not valid there. */
export function blockKey(prefix: string, raw: string): string | null {
  return channelKey(prefix, raw);
}

/**
 * The blacklist key of a channel contact: web chat visitors by the e-mail of their form, the others by their
 * address on the channel (phone, e-mail, page-scoped id). Null when the contact has none (a visitor without
 * e-mail).
 */
export function contactBlockKey(kind: string, externalId: string, data: Record<string, unknown> = {}) {
  if (kind === 'web') {
    const email = data.contact_email ?? data.email;
    return typeof email === 'string' ? emailKey(email) : null;
  }
  return channelKey(kind, externalId);
}

/** A Brazilian phone mask while typing (spec 3 §5 phone mask for sms and waweb): (11) 98765-4321. */
export function maskPhone(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 13);
  if (d.length > 11) return `+${d.slice(0, 2)} ${maskPhone(d.slice(2))}`;
  if (d.length <= 2) return d.length ? `(${d}` : '';
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

const reason = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(BLACKLIST_LIMITS.description, BLACKLIST_MSG.reasonTooLong);

/** Block contact (spec 3 §5): channel, contact and reason required; e-mail for e-mail and web; phone otherwise. */
export const ZBlockInput = z
  .object({
    prefix: z.enum(BLOCK_PREFIXES, { error: BLACKLIST_MSG.channelRequired }),
    /** One channel of the kind, or null: every channel of the kind. */
    channel_id: zId(BLACKLIST_MSG.channelNotFound).nullable().default(null),
    contact: z
      .string({ error: BLACKLIST_MSG.contactRequired })
      .trim()
      .min(1, BLACKLIST_MSG.contactRequired)
      .max(BLACKLIST_LIMITS.contact, BLACKLIST_MSG.contactTooLong),
    description: reason(BLACKLIST_MSG.reasonRequired),
  })
  .superRefine((v, ctx) => {
    if (blockKey(v.prefix, v.contact) === null)
      ctx.addIssue({ code: 'custom', message: invalidContactMessage(v.prefix), path: ['contact'] });
  });
export type TBlockInput = z.input<typeof ZBlockInput>;

export const ZReasonInput = z.object({ description: reason(BLACKLIST_MSG.reasonRequired) });
export const ZUnblockInput = z.object({ description: reason(BLACKLIST_MSG.unblockReason) });
export const ZApproveInput = z.object({ description: reason(BLACKLIST_MSG.approvalReason) });
export const ZDenyInput = z.object({ description: reason(BLACKLIST_MSG.denialReason) });

/** From the chat: an operator's suggestion, or a lord's block, of the attendance's contact. */
export const ZAttendanceBlockInput = z.object({
  attendance_id: zBigId(BLACKLIST_MSG.noContactKey),
  description: reason(BLACKLIST_MSG.reasonRequired),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day as YYYY-MM-DD (2026-02-30 is refused, not handed to the database). */
const isDay = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
};
const optionalText = z.string().trim().max(BLACKLIST_LIMITS.contact).optional();

/** Retrieve blocked contacts (spec 3 §7): page, count (25/50/100, default 50) and filters. */
export const ZBlockedQuery = z.object({
  page: zPage(),
  count: z.coerce
    .number()
    .refine((n) => (BLACKLIST_PAGE_SIZES as readonly number[]).includes(n), 'Quantidade por página inválida.')
    .default(BLACKLIST_DEFAULT_PAGE_SIZE),
  contact: optionalText,
  prefix: z.enum(BLOCK_PREFIXES, { error: 'Tipo de canal inválido.' }).optional(),
  status: z.enum(BLOCK_STATUSES, { error: 'Situação inválida.' }).optional(),
  from_date: z
    .string()
    .regex(DATE, 'Data inicial inválida.')
    .refine(isDay, 'Data inicial inválida.')
    .optional(),
  to_date: z.string().regex(DATE, 'Data final inválida.').refine(isDay, 'Data final inválida.').optional(),
});
export type TBlockedQuery = z.input<typeof ZBlockedQuery>;

export const ZSuggestionsQuery = z.object({
  page: zPage(),
  count: zInt4Param({ min: 1, max: 100 }).default(BLACKLIST_DEFAULT_PAGE_SIZE),
  status: z.enum(['pending', 'decided'], { error: 'Situação inválida.' }).default('pending'),
});

export const ZBlockedContact = z.object({
  id: z.number(),
  prefix: z.string(),
  prefix_label: z.string(),
  channel_id: z.number().nullable(),
  channel_name: z.string(),
  contact: z.string(),
  contact_display: z.string(),
  description: z.string(),
  status: z.enum(BLOCK_STATUSES),
  status_label: z.string(),
  block_by_name: z.string().nullable(),
  suggest_operator_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBlockedContact = z.infer<typeof ZBlockedContact>;

export const ZBlockedPage = z.object({
  items: z.array(ZBlockedContact),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TBlockedPage = z.infer<typeof ZBlockedPage>;

export const ZBlockHistoryEntry = z.object({
  id: z.number(),
  type: z.enum(BLOCK_STATUSES),
  label: z.string(),
  description: z.string(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type TBlockHistoryEntry = z.infer<typeof ZBlockHistoryEntry>;

export const ZBlockDetails = z.object({
  contact: ZBlockedContact,
  history: z.array(ZBlockHistoryEntry),
  /** The suggestions about this contact that were denied (spec 3 §3 denied_suggests). */
  denied_suggests: z.array(
    z.object({
      id: z.number(),
      operator_name: z.string().nullable(),
      description: z.string(),
      reproved_description: z.string(),
      decided_at: z.string().nullable(),
    }),
  ),
});
export type TBlockDetails = z.infer<typeof ZBlockDetails>;

export const ZSuggestion = z.object({
  id: z.number(),
  prefix: z.string(),
  prefix_label: z.string(),
  channel_id: z.number().nullable(),
  channel_name: z.string(),
  contact: z.string(),
  contact_display: z.string(),
  attendance_id: z.number().nullable(),
  protocol: z.string().nullable(),
  operator_name: z.string().nullable(),
  description: z.string(),
  status: z.enum(SUGGESTION_STATUSES),
  status_label: z.string(),
  decided_by_name: z.string().nullable(),
  decision_description: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type TSuggestion = z.infer<typeof ZSuggestion>;

export const ZSuggestionPage = z.object({
  items: z.array(ZSuggestion),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TSuggestionPage = z.infer<typeof ZSuggestionPage>;

/** What the caller may do with the blacklist (menus, chat buttons, screen redirects). */
export const ZBlacklistAccess = z.object({
  enabled: z.boolean(),
  suggest: z.boolean(),
  /** The blocked contacts screen (module permission lista_de_bloqueio, manager and above). */
  can_list: z.boolean(),
  can_write: z.boolean(),
  /** The suggestions screen (sugestoes_de_bloqueio, manager and above). */
  can_review: z.boolean(),
  /** The chat's "Sugerir bloqueio" (blacklist.suggest on). */
  can_suggest: z.boolean(),
  /** The chat's "Bloquear contato" (role 1000, spec 1 §6). */
  can_block_from_chat: z.boolean(),
});
export type TBlacklistAccess = z.infer<typeof ZBlacklistAccess>;

export const ZBlockChannelOption = z.object({ id: z.number(), name: z.string(), kind: z.string() });
export const ZBlockChannels = z.object({
  prefixes: z.array(z.object({ value: z.string(), label: z.string() })),
  channels: z.array(ZBlockChannelOption),
});
export type TBlockChannels = z.infer<typeof ZBlockChannels>;

export const ZBlacklistResult = z.object({ message: z.string(), id: z.number() });

export const prefixLabel = (prefix: string) => channelLabel(prefix);
export const ALL_CHANNELS_LABEL = 'Todos os canais';
