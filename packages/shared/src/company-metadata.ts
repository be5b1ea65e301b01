// The company metadata object (spec 1 §3, spec 2 §3, spec 3 §3 "Company metadata touched here"): one zod
// schema for loading and saving the whole object. Keys owned by later issues pass through untouched (loose
// objects), and the keys other modules already store keep their names and units:
// - attendances: attendance rules tab 19 (seconds), apps/server/src/modules/distribution/attendance-rules.ts
// - auto_dist.on / client_waiting_response / operator_waiting_response(_end) (minutes): distribution
// - control_pause: pause settings tab 1 (minutes)
import { COMPANY_CHANNEL_KINDS, channelFlag } from './company-channels';
import { INT4_MAX, zId, zInt4 } from './ids';
import { MEDIA_KINDS, MEDIA_MAX_MB, mediaMaxMbMessage, type TMediaKind } from './media-control';
import { PAUSE_MSG } from './pause';
import { z } from './zod';

export const META_MSG = {
  saved: 'Configuração alterada com sucesso!',
  loadError: 'Algo deu errado ao carregar metadados. Consulte o suporte',
  enableError: 'Não foi possível ativar este recurso.',
  autoChangeMinutes: 'O valor informado em minutos deve ser um número inteiro entre 0 e 44640.',
  campaignHours: 'O valor informado em horas deve ser um número inteiro entre 0 e 120.',
  campaignPerMinute: 'O limite de envios por minuto deve ser um número inteiro entre 1 e 6000.',
  batchCloseMax: 'O máximo de atendimentos por ação deve ser um número inteiro entre 1 e 1000.',
  reportBiId: 'O report-id deve ser informado.',
  backgroundPeriod: 'Ao menos um período deve ser preenchido.',
  invalidEmail: (email: string) => `E-mail ${email} inválido!`,
  blacklistStatus: 'Campo status de finalização é obrigatório.',
  transferModes: 'Apenas um modo de transferência pode ficar ativo.',
  periodDays: 'O período deve ser um número inteiro de dias entre 1 e 366.',
  chatbotMessageMax: 'A mensagem deve ter no máximo 1000 caracteres.',
  audioDisabled: 'O envio de áudio está desativado para a empresa.',
  readUnreadDisabled: 'Marcar atendimentos como não lidos está desativado para a empresa.',
  markedUnread: 'Atendimento marcado como não lido.',
  tooLarge: 'As configurações da empresa excedem o tamanho máximo.',
  maxActive: 'O limite diário de ativos deve ser um número inteiro entre 0 e 100000.',
} as const;

/** Most requests read the metadata and unknown keys pass through: the whole object has a size limit. */
export const METADATA_MAX_CHARS = 64 * 1024;

export const AUTO_CHANGE_MAX_MINUTES = 44640;
export const CAMPAIGN_ASSIGNMENT_MAX_HOURS = 120;

const flag = z.boolean().default(false);
const optionalFlag = z.boolean().optional();
const nullableNumber = z.number().min(0).max(INT4_MAX).nullable().optional();
/** Ids and switches other modules read with Number()/truthiness: kept as they were stored. */
const loose = z.union([z.number(), z.string(), z.boolean()]).nullable().optional();

/** The company flag "near-real-time e-mail" (spec 1 §7), on unless turned off. */
export const NEAR_REAL_TIME_EMAIL = 'near-real-time-email';

/** Whether a company's e-mail channels wait for new mail with IMAP IDLE (the flag on or never set). */
export function nearRealTimeEmail(allow: Readonly<Record<string, unknown>> | undefined): boolean {
  return allow?.[NEAR_REAL_TIME_EMAIL] !== false;
}

/** Company modules on unless a manager turns them off (settings tabs 2 dashboard, 3 campaign, 6 batch close). */
export const DASHBOARD_FLAG = 'dashboard';
export const CAMPAIGNS_FLAG = 'campaigns';
export const BATCH_CLOSE_FLAG = 'batch_close';
/** Whether a company module of a default-on flag is on (the flag true or never set). */
export function moduleOn(allow: Readonly<Record<string, unknown>> | undefined, flag: string): boolean {
  return allow?.[flag] !== false;
}

/** Company switches (spec 1 §3 allow flags, spec 3 §3). Unknown flags (allowCosmosCRM, …) pass through. */
export const ZAllow = z
  .looseObject({
    knowledgebase: flag,
    allowedSectors: flag,
    opTransfer: flag,
    restrictTransfer: flag,
    viewphone: flag,
    viewemail: flag,
    viewedby: flag,
    viewtmr: flag,
    scheduling: flag,
    person: flag,
    controlwords: flag,
    'message-copy': flag,
    confirmCompletionStatus: flag,
    confirmClassificationStatus: flag,
    chatbots: flag,
    /** Spec 1: operators may hand an attendance to the channel's chatbot (transfer to the BOT). */
    allowTransferToAuto: flag,
    'report-bi': flag,
    background_reports: flag,
    'whatsapp-profile-picture': flag,
    /** Spec 1 §6: active WhatsApp from the panel (settings tab 5). */
    'whatsapp-active': flag,
    /** Settings tab 15: the channel kinds the company uses, each on unless turned off (company-channels.ts). */
    ...Object.fromEntries(COMPANY_CHANNEL_KINDS.map((k) => [channelFlag(k), z.boolean().default(true)])),
    /** Spec 1 §3 feature flag: the internal messenger between managers and operators (settings tab 16). */
    internal_messenger: flag,
    /** Spec 1 §7: e-mail read as it arrives (IMAP IDLE); off, each mailbox is checked every 5 minutes. */
    [NEAR_REAL_TIME_EMAIL]: z.boolean().default(true),
    /** Settings tabs 2, 3, 6 (issue 24): company modules on unless turned off (menu entries and routes). */
    [DASHBOARD_FLAG]: z.boolean().default(true),
    [CAMPAIGNS_FLAG]: z.boolean().default(true),
    [BATCH_CLOSE_FLAG]: z.boolean().default(true),
    // Feature flags by type (feature-flags.ts; the platform owner toggles them), today's behaviour by default.
    sms_campaign: z.boolean().default(true),
    allowCosmosCRM: flag,
    display_midia: z.boolean().default(true),
    dist_v2: z.boolean().default(true),
    mfa_active: z.boolean().default(true),
    closed_bucket: flag,
    encrypted_message: flag,
    send_username: flag,
  })
  .prefault({});
export type TAllow = z.infer<typeof ZAllow>;

/** The three sector transfer modes (spec 3 §4): at most one on. */
export const TRANSFER_MODES = ['opTransfer', 'allowedSectors', 'restrictTransfer'] as const;
export type TTransferMode = (typeof TRANSFER_MODES)[number];

export function activeTransferModes(allow: Partial<Record<TTransferMode, boolean>>): TTransferMode[] {
  return TRANSFER_MODES.filter((m) => allow[m] === true);
}

/** Distribution (spec 1 §3 auto_dist): `on` mirrors the distribution settings; times in minutes. */
const ZAutoDist = z
  .looseObject({
    on: flag,
    new_dist: optionalFlag,
    remove_chats_offline: optionalFlag,
    operator_waiting_response: z
      .looseObject({ minutes: nullableNumber, change_status: loose, status: loose })
      .optional(),
    operator_waiting_response_end: z.looseObject({ minutes: nullableNumber, status: loose }).optional(),
    client_waiting_response: z
      .looseObject({
        minutes: nullableNumber,
        minutes_others: nullableNumber,
        message: z.string().max(1000, { error: META_MSG.chatbotMessageMax }).nullable().optional(),
        action: z.enum(['redistribute', 'none']).optional(),
      })
      .optional(),
    scheduling: z.looseObject({ send_queue: optionalFlag }).optional(),
  })
  .prefault({});

/** Attendance rules (settings tab 19): times in seconds, status ids; saved by its own tab, kept here. */
const intOrNull = zInt4().nullable().optional();
const ZAttendances = z
  .looseObject({
    time_waiting_client_to_finalize: intOrNull,
    status_waiting_client_to_finalize: intOrNull,
    time_waiting_client_to_busy_client: intOrNull,
    change_status_when_busy_client: z.enum(['0', '1']).optional(),
    status_busy_client: intOrNull,
    time_waiting_client_to_poke_client: intOrNull,
    show_poke_options: optionalFlag,
    remove_chats_logout: optionalFlag,
  })
  .prefault({});

/** Pause control (settings tab 1): the same rules and texts as its own tab (spec 3 §4 Settings, §5). */
const ZControlPauseMeta = z
  .looseObject({
    is_active: flag,
    use_reason: flag,
    use_password: flag,
    use_limit_pause: z
      .looseObject({
        enabled: flag,
        limit_minutes: z
          .number({ error: PAUSE_MSG.limitMinutes })
          .int({ error: PAUSE_MSG.limitMinutes })
          .min(0, { error: PAUSE_MSG.limitMinutes })
          .max(1440, { error: PAUSE_MSG.limitMinutes })
          .nullable()
          .default(null),
      })
      .prefault({}),
  })
  .prefault({});

const ZChangeAuto = z
  .looseObject({
    minutes: z
      .number({ error: META_MSG.autoChangeMinutes })
      .int({ error: META_MSG.autoChangeMinutes })
      .min(0, { error: META_MSG.autoChangeMinutes })
      .max(AUTO_CHANGE_MAX_MINUTES, { error: META_MSG.autoChangeMinutes })
      .default(0),
    /** The status the idle attendances get (a company status); none: nothing changes. */
    status_id: zId().nullable().optional(),
  })
  .prefault({});

/** Media control (settings tab 14): each kind on or off and its size within the channels' limit. */
const ZMediaKindRule = (kind: TMediaKind) =>
  z
    .looseObject({
      enabled: z.boolean().default(true),
      max_mb: z
        .number({ error: mediaMaxMbMessage(kind) })
        .int({ error: mediaMaxMbMessage(kind) })
        .min(1, { error: mediaMaxMbMessage(kind) })
        .max(MEDIA_MAX_MB[kind], { error: mediaMaxMbMessage(kind) })
        .nullable()
        .default(null),
    })
    .prefault({});
const ZMediaControl = z
  .looseObject(
    Object.fromEntries(MEDIA_KINDS.map((k) => [k, ZMediaKindRule(k)])) as Record<
      TMediaKind,
      ReturnType<typeof ZMediaKindRule>
    >,
  )
  .prefault({});

/** Campaign settings (tab 3): a company-wide cap on sends per minute of each channel (null: the channel's rate). */
export const CAMPAIGN_PER_MINUTE_MAX = 6000;
const ZCampaignSettings = z
  .looseObject({
    per_minute: z
      .number({ error: META_MSG.campaignPerMinute })
      .int({ error: META_MSG.campaignPerMinute })
      .min(1, { error: META_MSG.campaignPerMinute })
      .max(CAMPAIGN_PER_MINUTE_MAX, { error: META_MSG.campaignPerMinute })
      .nullable()
      .default(null),
  })
  .prefault({});

/** Batch close (tab 6): at most this many attendances in one action (the module's own limit is the ceiling). */
export const BATCH_CLOSE_SETTING_MAX = 1000;
const ZBatchCloseSettings = z
  .looseObject({
    max_items: z
      .number({ error: META_MSG.batchCloseMax })
      .int({ error: META_MSG.batchCloseMax })
      .min(1, { error: META_MSG.batchCloseMax })
      .max(BATCH_CLOSE_SETTING_MAX, { error: META_MSG.batchCloseMax })
      .default(BATCH_CLOSE_SETTING_MAX),
  })
  .prefault({});

const ZCampaignOptions = z
  .looseObject({
    maxCampaignAssignmentTime: z
      .number({ error: META_MSG.campaignHours })
      .int({ error: META_MSG.campaignHours })
      .min(0, { error: META_MSG.campaignHours })
      .max(CAMPAIGN_ASSIGNMENT_MAX_HOURS, { error: META_MSG.campaignHours })
      .default(0),
    /** Campaign options tab (issue 24): the sector a campaign reply opens in (null: the channel's default). */
    reply_sector_id: zId().nullable().default(null),
  })
  .prefault({});

/** The reports whose period (days) decides when a report goes to the background (spec 3 §3 reports). */
export const REPORT_PERIOD_KEYS = [
  'history',
  'triggers',
  'analytic',
  'produtivity',
  'poll',
  'actives',
] as const;
export type TReportPeriodKey = (typeof REPORT_PERIOD_KEYS)[number];

const ZPeriod = z
  .looseObject({
    period: z
      .number({ error: META_MSG.periodDays })
      .int({ error: META_MSG.periodDays })
      .min(1, { error: META_MSG.periodDays })
      .max(366, { error: META_MSG.periodDays })
      .nullable()
      .default(null),
  })
  .prefault({});

/** The comma-separated list's first invalid e-mail, or null when every entry is valid (empty is valid). */
export function firstInvalidEmail(list: string): string | null {
  for (const raw of list.split(',')) {
    const email = raw.trim();
    if (email && !z.email().safeParse(email).success) return email;
  }
  return null;
}

const ZReports = z
  .looseObject({
    history: ZPeriod,
    triggers: ZPeriod,
    analytic: ZPeriod,
    produtivity: ZPeriod,
    poll: ZPeriod,
    actives: ZPeriod,
    complete: z.looseObject({ reportID: z.string().trim().max(200).default('') }).prefault({}),
    emails: z
      .string()
      .max(2000)
      .default('')
      .superRefine((list, ctx) => {
        const bad = firstInvalidEmail(list);
        if (bad !== null) ctx.addIssue({ code: 'custom', message: META_MSG.invalidEmail(bad) });
      }),
  })
  .prefault({});

const ZBlacklist = z
  .looseObject({
    enabled: flag,
    suggest: flag,
    status_id: zId().nullable().default(null),
  })
  .prefault({});

/**
 * The whole metadata object without its cross-field rules: what the server answers (it also reads stored
 * objects that predate a rule). Save with ZCompanyMetadata.
 */
export const ZCompanyMetadataShape = z.looseObject({
  triage: z.enum(['BASIC', 'OPERATOR', 'MANAGER']).default('BASIC'),
  auto_dist: ZAutoDist,
  attendances: ZAttendances,
  control_pause: ZControlPauseMeta,
  allow: ZAllow,
  change_auto: ZChangeAuto,
  campaign_options: ZCampaignOptions,
  campaign_settings: ZCampaignSettings,
  batch_close_settings: ZBatchCloseSettings,
  chatbot_message_return: z.string().max(1000, { error: META_MSG.chatbotMessageMax }).default(''),
  knowledgebase_scope: z.enum(['company', 'sector']).default('company'),
  reports: ZReports,
  blacklist: ZBlacklist,
  audio: z.looseObject({ enabled: flag }).prefault({}),
  read_unread: z.looseObject({ enabled: flag }).prefault({}),
  seconds_control: z.looseObject({ enabled: flag }).prefault({}),
  media_control: ZMediaControl,
  /** Spec 1 §3 max_active: active WhatsApp sends a day (settings tab 5); null or 0: no limit. */
  max_active: z
    .number({ error: META_MSG.maxActive })
    .int({ error: META_MSG.maxActive })
    .min(0, { error: META_MSG.maxActive })
    .max(100000, { error: META_MSG.maxActive })
    .nullable()
    .optional(),
});

/** The on/off attendance settings the chat screen of every user follows (audio, read/unread, seconds). */
export const ZChatSettings = z.object({
  audio: z.boolean(),
  read_unread: z.boolean(),
  seconds_control: z.boolean(),
});
export type TChatSettings = z.infer<typeof ZChatSettings>;

export function chatSettingsOf(meta: TCompanyMetadata): TChatSettings {
  return {
    audio: meta.audio.enabled,
    read_unread: meta.read_unread.enabled,
    seconds_control: meta.seconds_control.enabled,
  };
}

/** The company metadata as saved: ZCompanyMetadataShape plus the rules between fields (spec 3 §4, §5). */
export const ZCompanyMetadata = ZCompanyMetadataShape.superRefine((m, ctx) => {
  const issue = (message: string, path: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', message, path });
  if (JSON.stringify(m).length > METADATA_MAX_CHARS) issue(META_MSG.tooLarge, []);
  if (activeTransferModes(m.allow).length > 1) issue(META_MSG.transferModes, ['allow']);
  if (m.allow['report-bi'] && !m.reports.complete.reportID.trim())
    issue(META_MSG.reportBiId, ['reports', 'complete', 'reportID']);
  if (m.allow.background_reports && REPORT_PERIOD_KEYS.every((k) => m.reports[k].period === null))
    issue(META_MSG.backgroundPeriod, ['reports']);
  if (m.blacklist.enabled && m.blacklist.status_id === null)
    issue(META_MSG.blacklistStatus, ['blacklist', 'status_id']);
  const cp = m.control_pause;
  if (cp.use_limit_pause.enabled && !(Number(cp.use_limit_pause.limit_minutes) > 0))
    issue(PAUSE_MSG.limitMinutes, ['control_pause', 'use_limit_pause', 'limit_minutes']);
  if (!cp.is_active && (cp.use_reason || cp.use_password || cp.use_limit_pause.enabled))
    issue(PAUSE_MSG.cannotTurnOff, ['control_pause', 'is_active']);
});
export type TCompanyMetadata = z.output<typeof ZCompanyMetadataShape>;
export type TCompanyMetadataInput = z.input<typeof ZCompanyMetadataShape>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function dropPath(value: Record<string, unknown>, path: PropertyKey[]) {
  let node: unknown = value;
  for (const key of path.slice(0, -1)) node = isRecord(node) ? node[String(key)] : undefined;
  const last = path[path.length - 1];
  if (isRecord(node) && last !== undefined) delete node[String(last)];
}

/**
 * A stored object as the whole typed metadata: a known value that no longer fits its type falls back to its
 * default instead of making the whole object unreadable; everything else, unknown keys included, is kept.
 */
export function readCompanyMetadata(stored: unknown): TCompanyMetadata {
  const value: Record<string, unknown> = isRecord(stored)
    ? (JSON.parse(JSON.stringify(stored)) as Record<string, unknown>)
    : {};
  for (let attempt = 0; attempt < 50; attempt++) {
    const parsed = ZCompanyMetadataShape.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      if (issue.path.length === 0) return ZCompanyMetadataShape.parse({});
      dropPath(value, issue.path);
    }
  }
  return ZCompanyMetadataShape.parse({});
}

/** The first rule a metadata object breaks, with its field path, or null when it may be saved. */
export function metadataProblem(value: unknown): { path: string; message: string } | null {
  const parsed = ZCompanyMetadata.safeParse(value);
  if (parsed.success) return null;
  const first = parsed.error.issues[0];
  return first ? { path: first.path.map(String).join('.'), message: first.message } : null;
}

/** What the chat needs of the company (GET /company/features): triage, distribution, switches, timezone. */
export const ZCompanyFeatures = z.object({
  triage: z.enum(['BASIC', 'OPERATOR', 'MANAGER']),
  auto_dist: z.boolean(),
  allow: z.record(z.string(), z.boolean()),
  settings: ZChatSettings,
  timezone: z.string(),
});
export type TCompanyFeatures = z.infer<typeof ZCompanyFeatures>;
