import { zId, zIdParam, zPage } from './ids';
import { z } from './zod';

// Campaigns (spec 3 §1–§9 Campaign; issue 18): bulk sending over sms, waweb and waent to a mailing's rows or to a
// channel's opt-in subscribers. The contract of the screens and the server: statuses and labels, texts, limits,
// the input schema with the per-channel rules of §5, the list/details/contacts shapes and the API paths.

export const CAMPAIGN_CHANNELS = ['waent', 'waweb', 'sms'] as const;
export type TCampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];
export const CAMPAIGN_CHANNEL_LABEL: Record<TCampaignChannel, string> = {
  waent: 'WhatsApp Enterprise',
  waweb: 'WhatsApp Web',
  sms: 'SMS',
};

const MB = 1024 * 1024;

/** Spec 3 §9 (and what it leaves to us: title length, tries, variants). */
export const CAMPAIGN_LIMITS = {
  title: 255,
  text: 500,
  sms: 160,
  /** Media messages per campaign. */
  mediaPerCampaign: 2,
  fileBytes: 5 * MB,
  /** Files the upload picker takes at once. */
  maxFiles: 5,
  /** Messages (texts and media) of a waweb campaign. */
  maxMessages: 5,
  /** Alternative texts of one text message (anti-ban). */
  maxVariants: 5,
  minTries: 1,
  maxTries: 3,
  /** Values per filter column. */
  maxFilterValues: 100,
  maxFilterColumns: 10,
  contactsPageSizes: [15, 30, 45] as const,
  contactsPageSize: 15,
  listPageSize: 15,
  detailsRefreshMs: 15_000,
  /** The list shows the last 10 days by default. */
  listDefaultDays: 10,
  /** The limit date hint: at least 1 hour after the start. */
  limitDateHintHours: 1,
  /** A campaign in progress whose worker has not touched it for this long may be unlocked. */
  unlockAfterMs: 2 * 60_000,
  /** Tolerance of "not in the past" for a schedule filled in a form a minute ago. */
  pastToleranceMs: 60_000,
} as const;

export const CAMPAIGN_UPLOAD_EXTENSIONS = ['bmp', 'gif', 'jpg', 'jpeg', 'mp4', 'pdf', 'png'] as const;
export const CAMPAIGN_UPLOAD_ACCEPT = '.bmp,.gif,.jpg,.jpeg,.mp4,.pdf,.png';

/** Campaign statuses (spec 3 §4) and the contact statuses the engine writes. */
export const CAMPAIGN_STATUSES = [
  'pending',
  'scheduled',
  'progress',
  'waiting_worker',
  'sent',
  'finished_without_optin',
  'finished_with_timeout',
  'finished_no_contacts',
  'channel_unavailable',
  'failed',
  'error',
  'cancelled',
] as const;
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CONTACT_STATUSES = [
  'pending',
  'sending',
  'sent',
  'delivered',
  'read',
  'failure',
  'not_sent',
  'unknown',
  'expired_time_limit',
  'blocked',
  'invalid',
  'cancelled',
] as const;
export type TContactStatus = (typeof CONTACT_STATUSES)[number];

/** Every status's label, as spec 3 §4 gives it (campaigns and contacts share the words). */
export const CAMPAIGN_STATUS_LABEL: Record<string, string> = {
  progress: 'Processando',
  waiting_worker: 'Processando',
  sending: 'Enviando',
  sent: 'Enviado',
  delivered: 'Enviado',
  read: 'Lido',
  not_sent: 'Não enviado',
  failure: 'Não enviado',
  channel_unavailable: 'Não enviado (canal removido)',
  finished_without_optin: 'Finalizado',
  finished_with_timeout: 'Finalizado',
  finished_no_contacts: 'Finalizado',
  failed: 'Falhou',
  error: 'Erro',
  invalid: 'Inválido',
  blocked: 'Não entregue',
  expired_time_limit: 'Expirado (tempo limite)',
  unknown: 'Desconhecido',
  pending: 'Pendente',
  scheduled: 'Pendente',
  cancelled: 'Pendente',
};

/** A status's label; an unknown status shows as it is. */
export function campaignStatusLabel(status: string): string {
  return CAMPAIGN_STATUS_LABEL[status] ?? status;
}

/** Badge colours (Mantine) per label group. */
export const CAMPAIGN_STATUS_COLOR: Record<string, string> = {
  progress: 'blue',
  waiting_worker: 'blue',
  sending: 'blue',
  sent: 'teal',
  delivered: 'teal',
  read: 'green',
  not_sent: 'red',
  failure: 'red',
  channel_unavailable: 'red',
  finished_without_optin: 'gray',
  finished_with_timeout: 'gray',
  finished_no_contacts: 'gray',
  failed: 'red',
  error: 'red',
  invalid: 'orange',
  blocked: 'orange',
  expired_time_limit: 'orange',
  unknown: 'yellow',
  pending: 'yellow',
  scheduled: 'yellow',
  cancelled: 'gray',
};

/** The list stops following a campaign once it is in one of these (spec 3 §4), and the details stop at 100 %. */
export const CAMPAIGN_DONE_STATUSES: readonly string[] = [
  'sent',
  'finished_without_optin',
  'finished_with_timeout',
  'finished_no_contacts',
  'channel_unavailable',
  'failed',
  'error',
];
export const isCampaignLive = (status: string) => !CAMPAIGN_DONE_STATUSES.includes(status);

/** Only a campaign that has not started may be edited. */
export const CAMPAIGN_EDITABLE_STATUSES: readonly string[] = ['pending', 'scheduled'];
export const isCampaignEditable = (status: string) => CAMPAIGN_EDITABLE_STATUSES.includes(status);

/** The status filter of the list: one option per label, each covering its statuses. */
export const CAMPAIGN_STATUS_FILTERS = [
  { value: 'pending', label: 'Pendente', statuses: ['pending', 'scheduled', 'cancelled'] },
  { value: 'progress', label: 'Processando', statuses: ['progress', 'waiting_worker'] },
  { value: 'sent', label: 'Enviado', statuses: ['sent'] },
  {
    value: 'finished',
    label: 'Finalizado',
    statuses: ['finished_without_optin', 'finished_with_timeout', 'finished_no_contacts'],
  },
  { value: 'channel_unavailable', label: 'Não enviado (canal removido)', statuses: ['channel_unavailable'] },
  { value: 'failed', label: 'Falhou', statuses: ['failed', 'error'] },
] as const;
export type TCampaignStatusFilter = (typeof CAMPAIGN_STATUS_FILTERS)[number]['value'];
const STATUS_FILTER_VALUES = CAMPAIGN_STATUS_FILTERS.map((f) => f.value) as [
  TCampaignStatusFilter,
  ...TCampaignStatusFilter[],
];

/** The contacts filter of the details: one option per contact label. */
export const CONTACT_STATUS_FILTERS = [
  { value: 'pending', label: 'Pendente', statuses: ['pending', 'cancelled'] },
  { value: 'sending', label: 'Enviando', statuses: ['sending'] },
  { value: 'sent', label: 'Enviado', statuses: ['sent', 'delivered'] },
  { value: 'read', label: 'Lido', statuses: ['read'] },
  { value: 'not_sent', label: 'Não enviado', statuses: ['failure', 'not_sent'] },
  { value: 'blocked', label: 'Não entregue', statuses: ['blocked'] },
  { value: 'invalid', label: 'Inválido', statuses: ['invalid'] },
  { value: 'expired_time_limit', label: 'Expirado (tempo limite)', statuses: ['expired_time_limit'] },
  { value: 'unknown', label: 'Desconhecido', statuses: ['unknown'] },
] as const;
export type TContactStatusFilter = (typeof CONTACT_STATUS_FILTERS)[number]['value'];
const CONTACT_FILTER_VALUES = CONTACT_STATUS_FILTERS.map((f) => f.value) as [
  TContactStatusFilter,
  ...TContactStatusFilter[],
];

export const CAMPAIGN_MSG = {
  // Spec 3 §8.
  loadError: 'Erro ao buscar campanhas',
  deleteError: 'Erro ao excluir Campanha',
  deleted: 'Campanha excluída com sucesso.',
  unlockError: 'Erro ao destravar campanha',
  unlocked: 'Campanha destravada com sucesso.',
  saveError: 'Erro o salvar Campanha',
  detailsError: 'Erro ao carregar os detalhes da campanha.',
  reportError: 'Não foi possível gerar o relatório.',
  noInfo: 'Não tem informações dessa campanha.',
  // Spec 3 §5 (worded by us where the spec gives no text).
  titleRequired: 'Informe o título da campanha.',
  titleTooLong: `O título da campanha deve ter no máximo ${CAMPAIGN_LIMITS.title} caracteres.`,
  channelTypeRequired: 'Selecione o tipo de canal da campanha.',
  channelRequired: 'Selecione o canal de envio.',
  channelInvalid: 'Canal não encontrado ou de outro tipo.',
  activeRequired: 'Ative o envio por WhatsApp ou SMS.',
  mailingRequired: 'Selecione um mailing ou envie para todos os inscritos.',
  mailingNotFound: 'Mailing não encontrado.',
  mailingInactive: 'O mailing selecionado não está ativo no período da campanha.',
  mailingNotReady: 'O mailing ainda está sendo processado. Aguarde o fim da importação.',
  mailingEmpty: 'O mailing selecionado não possui contatos.',
  fieldRequired: 'Selecione a coluna do mailing com o telefone dos contatos.',
  fieldInvalid: 'A coluna de telefone escolhida não existe no mailing.',
  templateRequired: 'Selecione um modelo (HSM).',
  templateInvalid: 'Modelo (HSM) não encontrado ou não aprovado.',
  validToRequired: 'Informe a data limite de envio.',
  validToPast: 'A data limite deve ser no futuro.',
  validFromAfterValidTo: 'A data de início deve ser anterior à data limite.',
  scheduleAfterValidTo: 'A data de agendamento não pode ser posterior à data limite.',
  schedulePast: 'A data de agendamento não pode estar no passado.',
  dateInvalid: 'Data inválida.',
  variablesRequired: 'Preencha todas as variáveis do modelo (HSM).',
  variablesFixedOnly: 'No envio para todos os inscritos, as variáveis do modelo devem ser textos fixos.',
  variableColumnInvalid: (column: string) => `A coluna "${column}" não existe no mailing.`,
  noSubscribers: 'Este canal não possui inscritos (opt-in) ativos.',
  messagesRequired: 'Adicione ao menos uma mensagem.',
  tooManyMessages: `São permitidas no máximo ${CAMPAIGN_LIMITS.maxMessages} mensagens por campanha.`,
  textRequired: 'A mensagem de texto não pode ficar vazia.',
  textTooLong: `A mensagem deve ter no máximo ${CAMPAIGN_LIMITS.text} caracteres.`,
  tooManyVariants: `São permitidas no máximo ${CAMPAIGN_LIMITS.maxVariants} variações por mensagem.`,
  mediaRequired: 'Anexe o arquivo da mensagem de mídia.',
  mediaInvalid: 'Arquivo de mídia inválido: envie o arquivo novamente.',
  tooManyMedia: `São permitidas no máximo ${CAMPAIGN_LIMITS.mediaPerCampaign} mídias por campanha.`,
  brokerRequired: 'Selecione o broker de SMS.',
  smsMessageRequired: 'Informe a mensagem do SMS.',
  smsTooLong: `A mensagem de SMS deve ter no máximo ${CAMPAIGN_LIMITS.sms} caracteres.`,
  smsDisabled: 'O envio de campanhas por SMS não está habilitado para esta empresa.',
  subscribersSms: 'O envio para todos os inscritos está disponível apenas para WhatsApp.',
  triesInvalid: `O número de tentativas deve ser de ${CAMPAIGN_LIMITS.minTries} a ${CAMPAIGN_LIMITS.maxTries}.`,
  filtersInvalid: 'Filtros do mailing inválidos.',
  limitDateHint: 'Sugerimos uma data limite de pelo menos 1 hora após o início do envio.',
  // Operations.
  notFound: 'Campanha não encontrada.',
  created: 'Campanha criada com sucesso!',
  updated: 'Campanha alterada com sucesso!',
  notEditable: 'Somente campanhas pendentes ou agendadas podem ser editadas.',
  notStuck:
    'Esta campanha não está travada: somente campanhas em processamento sem atividade há mais de 2 minutos podem ser destravadas.',
  noOptinContacts: 'Campanha finalizada: não há contatos inscritos (opt-in) para receber as mensagens.',
  noContacts: 'Campanha finalizada: nenhum contato válido para envio.',
  // Upload.
  fileRequired: 'Selecione um arquivo.',
  fileType: 'Tipo de arquivo não permitido. Envie BMP, GIF, JPG, MP4, PDF ou PNG.',
  fileTooLarge: 'O arquivo deve ter no máximo 5 MB.',
  tooManyFiles: `Envie no máximo ${CAMPAIGN_LIMITS.maxFiles} arquivos.`,
  uploadError: 'Erro ao enviar o arquivo.',
  // Empty states.
  emptyList: 'Nenhuma campanha encontrada no período.',
  emptyContacts: 'Nenhum contato encontrado.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Input

/** An instant: ISO 8601 with its offset ('2026-11-26T21:00:00-03:00' or '…Z'). */
const INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
export const isInstant = (v: string) => INSTANT_RE.test(v) && !Number.isNaN(Date.parse(v));
const zOptionalInstant = () =>
  z
    .string({ error: CAMPAIGN_MSG.dateInvalid })
    .max(40, { error: CAMPAIGN_MSG.dateInvalid })
    .nullish()
    .refine((v) => !v || isInstant(v), { error: CAMPAIGN_MSG.dateInvalid })
    .transform((v) => (v ? new Date(v).toISOString() : null));

/** A mailing column: its label (or its index as text). */
const zColumn = (message: string) => z.string({ error: message }).trim().max(255, { error: message });

/** A waent template variable: a mailing column or a fixed text. */
export const ZMailingColumn = z.object({
  column: z.string().trim().max(255).nullish(),
  text: z.string().trim().max(CAMPAIGN_LIMITS.text, { error: CAMPAIGN_MSG.textTooLong }).nullish(),
});
export type TMailingColumn = z.infer<typeof ZMailingColumn>;

/** A file of a waweb media message, as POST /api/campaign-upload answers it. */
export const ZCampaignMedia = z.object({
  key: z.string({ error: CAMPAIGN_MSG.mediaRequired }).min(1, { error: CAMPAIGN_MSG.mediaRequired }).max(300),
  name: z.string().max(255),
  type: z.string().max(20),
  public_path: z.string().max(2000).default(''),
  provider: z.string().max(20).default(''),
  mime_type: z.string().max(100).optional(),
  size: z.number().int().min(0).max(CAMPAIGN_LIMITS.fileBytes).optional(),
});
export type TCampaignMedia = z.infer<typeof ZCampaignMedia>;

export const ZCampaignMessage = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('text'),
      content: z.string({ error: CAMPAIGN_MSG.textRequired }).max(CAMPAIGN_LIMITS.text, {
        error: CAMPAIGN_MSG.textTooLong,
      }),
      variants: z
        .array(z.string().max(CAMPAIGN_LIMITS.text, { error: CAMPAIGN_MSG.textTooLong }))
        .max(CAMPAIGN_LIMITS.maxVariants, { error: CAMPAIGN_MSG.tooManyVariants })
        .default([]),
    }),
    z.object({ type: z.literal('media'), content: ZCampaignMedia }),
  ],
  { error: CAMPAIGN_MSG.messagesRequired },
);
export type TCampaignMessage = z.infer<typeof ZCampaignMessage>;

export const ZCampaignWhatsapp = z.object({
  active: z.boolean().default(true),
  campaign_type: z.enum(['hsm', 'message']).optional(),
  hsm_template: zId(CAMPAIGN_MSG.templateInvalid).nullish(),
  mailing_columns: z.array(ZMailingColumn).max(100).default([]),
  messages: z
    .array(ZCampaignMessage, { error: CAMPAIGN_MSG.messagesRequired })
    .max(CAMPAIGN_LIMITS.maxMessages, { error: CAMPAIGN_MSG.tooManyMessages })
    .default([]),
  field: zColumn(CAMPAIGN_MSG.fieldInvalid).nullish(),
});

export const ZCampaignSms = z.object({
  active: z.boolean().default(true),
  broker: zId(CAMPAIGN_MSG.brokerRequired).nullish(),
  field: zColumn(CAMPAIGN_MSG.fieldInvalid).nullish(),
  message: z.string({ error: CAMPAIGN_MSG.smsMessageRequired }).max(CAMPAIGN_LIMITS.sms, {
    error: CAMPAIGN_MSG.smsTooLong,
  }),
});

/** Mailing filters: column label → accepted values (a row passes when its value is one of them). */
export const ZCampaignFilters = z
  .record(
    z.string().max(255, { error: CAMPAIGN_MSG.filtersInvalid }),
    z
      .array(z.string().max(255, { error: CAMPAIGN_MSG.filtersInvalid }), {
        error: CAMPAIGN_MSG.filtersInvalid,
      })
      .max(CAMPAIGN_LIMITS.maxFilterValues, { error: CAMPAIGN_MSG.filtersInvalid }),
    { error: CAMPAIGN_MSG.filtersInvalid },
  )
  .refine((f) => Object.keys(f).length <= CAMPAIGN_LIMITS.maxFilterColumns, {
    error: CAMPAIGN_MSG.filtersInvalid,
  })
  .default({});

function hasText(s: string | null | undefined): boolean {
  return !!s && s.trim() !== '';
}

/**
 * A campaign as the form writes it (spec 3 §3, §5). Rules that need the database (the mailing's columns and
 * state, the template's approval and variables, the channel's kind, the subscribers count) are the server's,
 * with the same texts. `now` rules ("not in the past") allow CAMPAIGN_LIMITS.pastToleranceMs.
 */
export const ZCampaignInput = z
  .object({
    title: z
      .string({ error: CAMPAIGN_MSG.titleRequired })
      .trim()
      .min(1, { error: CAMPAIGN_MSG.titleRequired })
      .max(CAMPAIGN_LIMITS.title, { error: CAMPAIGN_MSG.titleTooLong }),
    channel: z.enum(CAMPAIGN_CHANNELS, { error: CAMPAIGN_MSG.channelTypeRequired }),
    /** The sending channel (waent/waweb); for sms the broker's channel (sms.broker) when omitted. */
    channel_id: zId(CAMPAIGN_MSG.channelRequired).nullish(),
    to_subscribers: z.boolean().default(false),
    mailing_id: zId(CAMPAIGN_MSG.mailingNotFound).nullish(),
    filters: ZCampaignFilters,
    valid_from: zOptionalInstant(),
    valid_to: zOptionalInstant(),
    schedule_date: zOptionalInstant(),
    tries: z
      .number({ error: CAMPAIGN_MSG.triesInvalid })
      .int({ error: CAMPAIGN_MSG.triesInvalid })
      .min(CAMPAIGN_LIMITS.minTries, { error: CAMPAIGN_MSG.triesInvalid })
      .max(CAMPAIGN_LIMITS.maxTries, { error: CAMPAIGN_MSG.triesInvalid })
      .default(1),
    use_mailing_fields: z.boolean().default(false),
    whatsapp: ZCampaignWhatsapp.nullish(),
    sms: ZCampaignSms.nullish(),
  })
  .superRefine((c, ctx) => {
    const issue = (message: string, path: (string | number)[]) =>
      ctx.addIssue({ code: 'custom', message, path });
    const now = Date.now() - CAMPAIGN_LIMITS.pastToleranceMs;
    const at = (v: string | null) => (v ? Date.parse(v) : null);
    const validFrom = at(c.valid_from);
    const validTo = at(c.valid_to);
    const schedule = at(c.schedule_date);

    if (c.to_subscribers && c.channel === 'sms') issue(CAMPAIGN_MSG.subscribersSms, ['to_subscribers']);
    if (!c.to_subscribers && !c.mailing_id) issue(CAMPAIGN_MSG.mailingRequired, ['mailing_id']);

    if (c.channel === 'sms') {
      if (!c.sms?.active) return issue(CAMPAIGN_MSG.activeRequired, ['sms', 'active']);
      if (!c.sms.broker) issue(CAMPAIGN_MSG.brokerRequired, ['sms', 'broker']);
      if (!hasText(c.sms.message)) issue(CAMPAIGN_MSG.smsMessageRequired, ['sms', 'message']);
      if (!hasText(c.sms.field)) issue(CAMPAIGN_MSG.fieldRequired, ['sms', 'field']);
      if (validTo === null) issue(CAMPAIGN_MSG.validToRequired, ['valid_to']);
    } else {
      const w = c.whatsapp;
      if (!w?.active) return issue(CAMPAIGN_MSG.activeRequired, ['whatsapp', 'active']);
      if (!c.channel_id) issue(CAMPAIGN_MSG.channelRequired, ['channel_id']);
      if (!c.to_subscribers && !hasText(w.field)) issue(CAMPAIGN_MSG.fieldRequired, ['whatsapp', 'field']);
      if (c.channel === 'waent') {
        if (!w.hsm_template) issue(CAMPAIGN_MSG.templateRequired, ['whatsapp', 'hsm_template']);
        if (validTo === null) issue(CAMPAIGN_MSG.validToRequired, ['valid_to']);
        w.mailing_columns.forEach((m, i) => {
          const column = hasText(m.column);
          const text = hasText(m.text);
          if (!column && !text) issue(CAMPAIGN_MSG.variablesRequired, ['whatsapp', 'mailing_columns', i]);
          else if (column && c.to_subscribers)
            issue(CAMPAIGN_MSG.variablesFixedOnly, ['whatsapp', 'mailing_columns', i]);
        });
      } else {
        if (w.messages.length === 0) issue(CAMPAIGN_MSG.messagesRequired, ['whatsapp', 'messages']);
        let media = 0;
        w.messages.forEach((m, i) => {
          if (m.type === 'text') {
            if (!hasText(m.content)) issue(CAMPAIGN_MSG.textRequired, ['whatsapp', 'messages', i, 'content']);
            m.variants.forEach((v, j) => {
              if (!hasText(v)) issue(CAMPAIGN_MSG.textRequired, ['whatsapp', 'messages', i, 'variants', j]);
            });
          } else media += 1;
        });
        if (media > CAMPAIGN_LIMITS.mediaPerCampaign)
          issue(CAMPAIGN_MSG.tooManyMedia, ['whatsapp', 'messages']);
      }
    }

    if (validTo !== null && validTo <= Date.now()) issue(CAMPAIGN_MSG.validToPast, ['valid_to']);
    if (validFrom !== null && validTo !== null && validFrom >= validTo)
      issue(CAMPAIGN_MSG.validFromAfterValidTo, ['valid_from']);
    if (schedule !== null) {
      if (schedule < now) issue(CAMPAIGN_MSG.schedulePast, ['schedule_date']);
      if (validTo !== null && schedule > validTo) issue(CAMPAIGN_MSG.scheduleAfterValidTo, ['schedule_date']);
    }
  });
export type TCampaignInput = z.input<typeof ZCampaignInput>;
export type TCampaignValues = z.output<typeof ZCampaignInput>;

/** The column a campaign reads the address from (whatsapp.field or sms.field). */
export function campaignField(c: {
  channel: string;
  whatsapp?: { field?: string | null } | null;
  sms?: { field?: string | null } | null;
}): string | null {
  const f = c.channel === 'sms' ? c.sms?.field : c.whatsapp?.field;
  return f?.trim() ? f.trim() : null;
}

/** Placeholders {{coluna}} of a waweb text (personalised with the mailing's columns). */
export function textPlaceholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map((m) => m[1] ?? '').filter(Boolean);
}

/** A text with its {{coluna}} placeholders filled from a contact's vars (unknown ones left empty). */
export function fillPlaceholders(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}

// ---------------------------------------------------------------------------------------------------------
// Output

export const ZCampaign = z.object({
  id: z.number(),
  title: z.string(),
  status: z.string(),
  status_label: z.string(),
  live: z.boolean(),
  channel: z.enum(CAMPAIGN_CHANNELS),
  channel_id: z.number(),
  channel_name: z.string().nullable(),
  to_subscribers: z.boolean(),
  mailing_id: z.number().nullable(),
  mailing: z.object({ id: z.number(), title: z.string() }).nullable(),
  filters: z.record(z.string(), z.unknown()),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  schedule_date: z.string().nullable(),
  tries: z.number(),
  use_mailing_fields: z.boolean(),
  whatsapp: z.record(z.string(), z.unknown()),
  sms: z.record(z.string(), z.unknown()),
  total_contacts: z.number(),
  processed_contacts: z.number(),
  percent: z.number(),
  paused_reason: z.string().nullable(),
  error: z.string().nullable(),
  locked_at: z.string().nullable(),
  unlock_count: z.number(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  can_edit: z.boolean(),
  /** In progress with no worker activity for 2 minutes. */
  can_unlock: z.boolean(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

/** A date filter of the list: 'YYYY-MM-DD' (the company's calendar). */
const zDay = () =>
  z
    .string({ error: CAMPAIGN_MSG.dateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: CAMPAIGN_MSG.dateInvalid })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: CAMPAIGN_MSG.dateInvalid });

/** GET /api/campaigns: with no dates, the last 10 days. */
export const ZCampaignListQuery = z.object({
  page: zPage(),
  title: z.string().trim().max(255).optional(),
  status: z
    .enum(STATUS_FILTER_VALUES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  channel: z
    .enum(CAMPAIGN_CHANNELS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  fromDate: zDay()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  toDate: zDay()
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type TCampaignListQuery = z.input<typeof ZCampaignListQuery>;

/** Page info (spec 3 §3): from, current_page, per_page, total (+ to, last_page). */
export const ZPageInfo = z.object({
  from: z.number(),
  to: z.number(),
  current_page: z.number(),
  per_page: z.number(),
  last_page: z.number(),
  total: z.number(),
});

export const ZCampaignList = ZPageInfo.extend({
  data: z.array(ZCampaign),
  /** The caller is an admin (spec 3 §6: the list flags an admin as 'lord'). */
  lord: z.boolean(),
  /** The period applied ('YYYY-MM-DD'). */
  fromDate: z.string(),
  toDate: z.string(),
});
export type TCampaignList = z.infer<typeof ZCampaignList>;

export const ZCampaignSaved = z.object({ message: z.string(), campaign: ZCampaign });
export const ZCampaignMessageResult = z.object({ success: z.boolean(), message: z.string() });

/** GET /api/campaigns/:id/details (spec 3 §3 Details). */
export const ZCampaignDetails = z.object({
  campaign_id: z.number(),
  status: z.string(),
  status_label: z.string(),
  percent: z.number(),
  total: z.number(),
  processed: z.number(),
  totalSent: z.number(),
  totalDelivered: z.number(),
  totalRead: z.number(),
  /** Contacts per status (every status present, 0 when none). */
  counts: z.record(z.string(), z.number()),
  /** Why it finished with nothing to send, or why the engine holds it. */
  message: z.string().nullable(),
  paused_reason: z.string().nullable(),
  live: z.boolean(),
});
export type TCampaignDetails = z.infer<typeof ZCampaignDetails>;

export const ZCampaignContactsQuery = z.object({
  page: zPage(),
  per_page: z.coerce
    .number()
    .refine((n) => (CAMPAIGN_LIMITS.contactsPageSizes as readonly number[]).includes(n), {
      error: 'Tamanho de página inválido.',
    })
    .default(CAMPAIGN_LIMITS.contactsPageSize),
  status: z
    .enum(CONTACT_FILTER_VALUES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  search: z.string().trim().max(100).optional(),
});
export type TCampaignContactsQuery = z.input<typeof ZCampaignContactsQuery>;

export const ZCampaignContact = z.object({
  id: z.number(),
  name: z.string(),
  contact: z.string(),
  status: z.string(),
  status_label: z.string(),
  attempts: z.number(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type TCampaignContact = z.infer<typeof ZCampaignContact>;
export const ZCampaignContactsPage = ZPageInfo.extend({ data: z.array(ZCampaignContact) });
export type TCampaignContactsPage = z.infer<typeof ZCampaignContactsPage>;

export const ZCampaignReport = z.object({ success: z.boolean(), report_url: z.string() });

// Option lists of the form.

export const ZCampaignMailingOption = z.object({
  id: z.number(),
  title: z.string(),
  state: z.enum(['active', 'expired', 'inactive']),
  row_count: z.number(),
  due_date_min: z.string().nullable(),
  due_date_max: z.string().nullable(),
  /** Its columns (label and index). */
  params: z.array(z.object({ index: z.number(), label: z.string(), is_key_to_channel: z.array(z.string()) })),
});
export type TCampaignMailingOption = z.infer<typeof ZCampaignMailingOption>;

export const ZCampaignMailingsQuery = z.object({
  valid_from: z.string().max(40).optional(),
  valid_to: z.string().max(40).optional(),
  /** Keeps the campaign's current mailing in the list even when no longer active. */
  include_id: zIdParam().optional(),
});

export const ZCampaignChannelOption = z.object({ id: z.number(), name: z.string(), kind: z.string() });
export type TCampaignChannelOption = z.infer<typeof ZCampaignChannelOption>;

export const ZCampaignTemplateOption = z.object({
  id: z.number(),
  name: z.string(),
  language: z.string(),
  template: z.string(),
  /** Body parameters {{1}}…{{n}}: one mailing column or fixed text each. */
  params: z.number(),
});
export type TCampaignTemplateOption = z.infer<typeof ZCampaignTemplateOption>;

export const ZSmsBrokers = z.object({
  /** The company may send SMS campaigns (feature sms_campaign). */
  enabled: z.boolean(),
  brokers: z.array(ZCampaignChannelOption.extend({ provider: z.string() })),
});

export const ZChannelContactsQuery = z.object({ channel_id: zIdParam(CAMPAIGN_MSG.channelInvalid) });
export const ZCampaignTemplatesQuery = z.object({ channel_id: zIdParam() });
export const ZMailingContactsQuery = z.object({
  mailing_id: zIdParam(CAMPAIGN_MSG.mailingNotFound),
  field: z.string().max(255).optional(),
  channel: z.enum(CAMPAIGN_CHANNELS).default('waent'),
});
export const ZMailingContactsCount = z.object({ total: z.number(), valid: z.number() });
export const ZSubscriberCountQuery = z.object({
  campaign_type: z.enum(CAMPAIGN_CHANNELS).default('waent'),
  prefix_channel_id: zIdParam(CAMPAIGN_MSG.channelInvalid),
});
export const ZCount = z.object({ total: z.number() });

/** POST /api/campaigns/mailing-contact-field: autocomplete of a filter column's values. */
export const ZMailingFieldValuesInput = z.object({
  mailing_id: zId(CAMPAIGN_MSG.mailingNotFound),
  field: z.string().max(255),
  value: z.string().max(255).default(''),
  filters: ZCampaignFilters,
});
export const ZMailingFieldValues = z.object({ values: z.array(z.string()) });

export const ZCampaignUploadResult = z.object({
  success: z.boolean(),
  type: z.string(),
  url: z.string(),
  uuid: z.string(),
  file_name: z.string(),
  /** What the waweb media message carries as its content. */
  content: ZCampaignMedia,
});
export type TCampaignUploadResult = z.infer<typeof ZCampaignUploadResult>;

export const ZCampaignIdParams = z.object({ id: zIdParam(CAMPAIGN_MSG.notFound) });
export const ZUnlockInput = z.object({ campaignId: zId(CAMPAIGN_MSG.notFound) });

/** The API's paths (server routes and the screens' calls). */
export const CAMPAIGN_API = {
  list: '/api/campaigns',
  one: (id: number) => `/api/campaigns/${id}`,
  unlock: '/api/campaigns/unlock',
  details: (id: number) => `/api/campaigns/${id}/details`,
  contacts: (id: number) => `/api/campaigns/${id}/contacts`,
  report: (id: number) => `/api/campaigns/${id}/report`,
  reportCsv: (id: number) => `/api/campaigns/${id}/report.csv`,
  mailings: '/api/campaigns/options/mailings',
  enterpriseChannels: '/api/campaigns/options/enterprise-channels',
  hasEnterpriseChannel: '/api/campaigns/options/has-enterprise-channel',
  templates: '/api/campaigns/options/templates',
  wawebChannels: '/api/campaigns/options/waweb-channels',
  smsBrokers: '/api/campaigns/options/sms-brokers',
  mailingContacts: '/api/campaigns/mailing-contacts',
  mailingFieldValues: '/api/campaigns/mailing-contact-field',
  channelContacts: '/api/campaigns/channel-contacts',
  subscriberCount: '/api/campaigns/subscriber-count',
  upload: '/api/campaign-upload',
} as const;
