import dayjs from 'dayjs';
import { brDateToIso } from './dates';
import { NEGOTIATION_REPORT_STATUSES } from './negotiator';
import { ROLE } from './roles';
import { z } from './zod';

// Issue 19: reports (spec 3 §2, §3 Report filters, §5 Reports, §7 Reports, §8 Reports, §9 Report periods).
// One catalogue drives the server's routes, the report screens and the background reports.

export const REPORT_MSG = {
  startAfterEnd: 'A data de início deve ser menor ou igual a data de fim!',
  generic: 'Erro ao gerar relatório.',
  empty: 'Não foram encontrados dados para os filtros aplicados.',
  load: 'Não foi possível carregar os dados do relatório.',
  request: 'Não foi possível realizar essa solicitação',
  users: 'Erro ao carregar usuários.',
  channels: 'Erro ao carregar canais.',
  metadata: 'Algo deu errado ao carregar metadados.',
  invalidDate: 'Data inválida.',
  triggerChannel: 'Escolha um canal para o relatório',
  triggerFailed: 'Não foi possível gerar o relatório de gatilhos!',
  csvFailed: 'Não foi possível gerar o arquivo CSV.',
  csvReady: 'Arquivo gerado com sucesso, clique para baixar!',
  flowsEarliest: 'A data de início não pode ser anterior a 25/07/2022.',
  flowsRecipients: 'Informe ao menos um e-mail de destino.',
  flowsDuplicate: 'E-mail repetido nos destinatários.',
  controlPauseOff: 'O controle de pausa não está ativo nesta empresa.',
  controlWordsOff: 'Palavras de controle não estão habilitadas nesta empresa.',
  timeout: 'O relatório demorou demais para ser gerado. Deseja enviá-lo para processamento em segundo plano?',
  largePeriod:
    'Este período passa do limite para gerar na tela definido nas configurações. Deseja enviá-lo para processamento em segundo plano?',
  sentToBackground: 'Relatório enviado para processamento em segundo plano. Você será avisado por e-mail.',
  backgroundOff: 'Relatórios em segundo plano não estão habilitados nesta empresa.',
  historyPdf: 'Erro ao gerar relatório.',
  noData: 'Sem dados neste período.',
} as const;

/** The period limit's text ('O período máximo deste relatório é de 60 dias.'). */
export function periodLimitMessage(days: number): string {
  return `O período máximo deste relatório é de ${days} dias.`;
}

/** Profile options (spec 3 §3): Todos (null), Gestor (1), Operador (0), Lord (1000) for admins. */
export const REPORT_PROFILE_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: String(ROLE.manager), label: 'Gestor' },
  { value: String(ROLE.operator), label: 'Operador' },
  { value: String(ROLE.lord), label: 'Lord', minRole: ROLE.admin },
] as const;

export function profileOptionsFor(role: number) {
  return REPORT_PROFILE_OPTIONS.filter((o) => !('minRole' in o) || role >= o.minRole);
}

/** ' (Inativo)' after a user with inactive_since, ' (Excluído)' after a deleted channel (spec 3 §3). */
export function userDisplayName(name: string, inactiveSince: Date | string | null | undefined): string {
  return inactiveSince ? `${name} (Inativo)` : name;
}
export function channelDisplayName(name: string, deletedAt: Date | string | null | undefined): string {
  return deletedAt ? `${name} (Excluído)` : name;
}

export const REPORT_KEYS = [
  'session-control',
  'session-whatsapp-enterprise',
  'simple',
  'triggers',
  'active',
  'analytic',
  'attendance-flow',
  'campaigns',
  'control-words',
  'effectiveness',
  'every-hour',
  'flows',
  'message-consumption',
  'optin',
  'polls',
  'productivity',
  'complete',
  'negotiation',
] as const;
export type TReportKey = (typeof REPORT_KEYS)[number];

/** Which filters a report shows besides the period. */
export type TReportFilterKey =
  | 'profile'
  | 'operator'
  | 'channel'
  | 'sector'
  | 'status'
  | 'phone'
  | 'emails'
  /** The negotiation report's result filter (query `status`: all, open or an outcome). */
  | 'negotiation_status';

export type TReportDef = {
  key: TReportKey;
  title: string;
  description: string;
  /** Largest period in days (spec 3 §9); null: none. */
  maxDays: number | null;
  /** Earliest start date (YYYY-MM-DD). */
  earliest?: string;
  filters: TReportFilterKey[];
  /** The CSV's name when the response gives none. */
  csvName: string;
  /** The company setting whose period (days) above which this report goes to the background. */
  periodSetting?: 'triggers' | 'analytic' | 'produtivity' | 'poll' | 'actives';
  /** Channel required (trigger report). */
  channelRequired?: boolean;
};

export const REPORTS: Record<TReportKey, TReportDef> = {
  'session-control': {
    key: 'session-control',
    title: 'Controle de sessão e pausa',
    description: 'Sessões e pausas de cada usuário no período.',
    maxDays: null,
    filters: ['profile', 'operator'],
    csvName: 'relatorio-controle-pausa.csv',
  },
  'session-whatsapp-enterprise': {
    key: 'session-whatsapp-enterprise',
    title: 'Sessões do WhatsApp Enterprise',
    description: 'Janelas de conversa de 24 h abertas em cada canal do WhatsApp Enterprise.',
    maxDays: null,
    filters: ['channel'],
    csvName: 'relatorio-sessao-whatsapp-enterprise.csv',
  },
  simple: {
    key: 'simple',
    title: 'Simples por canal',
    description: 'Atendimentos por canal, setor e status, e contatos por número.',
    maxDays: null,
    filters: ['channel'],
    csvName: 'download-rel.csv',
  },
  triggers: {
    key: 'triggers',
    title: 'Gatilhos',
    description: 'Gatilhos disparados no período, por canal.',
    maxDays: 90,
    filters: ['channel', 'phone'],
    csvName: 'relatorio-gatilhos.csv',
    periodSetting: 'triggers',
    channelRequired: true,
  },
  active: {
    key: 'active',
    title: 'Ativos',
    description: 'Mensagens ativas enviadas por operadores e seu resultado.',
    maxDays: 60,
    filters: ['profile', 'operator', 'channel'],
    csvName: 'relatorio-ativos.csv',
    periodSetting: 'actives',
  },
  analytic: {
    key: 'analytic',
    title: 'Analítico',
    description: 'Cada atendimento do período com seus tempos, setor, operador e status.',
    maxDays: 30,
    filters: ['profile', 'operator', 'channel', 'sector', 'status'],
    csvName: 'relatorio-analitico.csv',
    periodSetting: 'analytic',
  },
  'attendance-flow': {
    key: 'attendance-flow',
    title: 'Fluxo de atendimento',
    description: 'Quem abriu, quem encerrou, por quem passou e quantas transferências teve cada atendimento.',
    maxDays: 90,
    filters: ['operator', 'channel', 'sector'],
    csvName: 'relatorio-fluxo-atendimento.csv',
  },
  campaigns: {
    key: 'campaigns',
    title: 'Campanhas',
    description: 'Envios, entregas, leituras e respostas de cada campanha.',
    maxDays: null,
    filters: ['channel'],
    csvName: 'relatorio-campanhas.csv',
  },
  'control-words': {
    key: 'control-words',
    title: 'Palavras de controle',
    description: 'Palavras de controle encontradas em mensagens e nomes.',
    maxDays: null,
    filters: ['operator', 'channel'],
    csvName: 'relatorio-palavras-controle.csv',
  },
  effectiveness: {
    key: 'effectiveness',
    title: 'Efetividade',
    description: 'Atendimentos encerrados com status de sucesso, por operador.',
    maxDays: null,
    filters: ['profile', 'operator', 'channel', 'sector'],
    csvName: 'relatorio-efetividade.csv',
  },
  'every-hour': {
    key: 'every-hour',
    title: 'Hora a hora',
    description: 'Atendimentos abertos e encerrados e mensagens em cada hora do dia.',
    maxDays: null,
    filters: ['channel', 'sector'],
    csvName: 'relatorio-hora-a-hora.csv',
  },
  flows: {
    key: 'flows',
    title: 'Fluxos',
    description: 'Passagens pelos fluxos de chatbot, enviado por e-mail aos destinatários.',
    maxDays: 31,
    earliest: '2022-07-25',
    filters: ['emails'],
    csvName: 'relatorio-fluxos.csv',
  },
  'message-consumption': {
    key: 'message-consumption',
    title: 'Consumo de mensagens',
    description: 'Mensagens recebidas e enviadas por canal e dia.',
    maxDays: 30,
    filters: ['channel'],
    csvName: 'relatorio-consumo-mensagens.csv',
  },
  optin: {
    key: 'optin',
    title: 'Opt-in',
    description: 'Inscrições e cancelamentos de opt-in no período.',
    maxDays: 60,
    filters: ['channel'],
    csvName: 'relatorio-optin.csv',
  },
  polls: {
    key: 'polls',
    title: 'Pesquisas',
    description: 'Respostas às pesquisas de satisfação, por pesquisa e opção.',
    maxDays: null,
    filters: ['operator', 'sector'],
    csvName: 'relatorio-pesquisas.csv',
    periodSetting: 'poll',
  },
  productivity: {
    key: 'productivity',
    title: 'Produtividade',
    description: 'Atendimentos, mensagens e tempos médios de cada operador.',
    maxDays: null,
    filters: ['profile', 'operator', 'channel', 'sector'],
    csvName: 'relatorio-produtividade.csv',
    periodSetting: 'produtivity',
  },
  complete: {
    key: 'complete',
    title: 'Completo',
    description: 'Todos os indicadores do período, dia a dia.',
    maxDays: null,
    filters: ['channel', 'sector'],
    csvName: 'relatorio-completo.csv',
  },
  negotiation: {
    key: 'negotiation',
    title: 'Negociação',
    description: 'Cada negociação do negociador automático no período, com seu resultado e o boleto emitido.',
    maxDays: null,
    filters: ['negotiation_status'],
    csvName: 'relatorio-negociacao.csv',
  },
};

export function isReportKey(v: string): v is TReportKey {
  return (REPORT_KEYS as readonly string[]).includes(v);
}

const dateField = z
  .string({ error: REPORT_MSG.invalidDate })
  .trim()
  .transform((v, ctx) => {
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(v)
      ? dayjs(v).format('YYYY-MM-DD') === v
        ? v
        : null
      : brDateToIso(v);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: REPORT_MSG.invalidDate });
      return z.NEVER;
    }
    return iso;
  });

const optionalId = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '' || v === '0' || v === 0) return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'Filtro inválido.' });
      return z.NEVER;
    }
    return n;
  });

/**
 * The filters every report takes (spec 3 §3): dates as DD/MM/YYYY or YYYY-MM-DD (default: the current month),
 * profile_type ('' all, 0, 1, 1000), operator_id ('0' or empty: all), channel_id, sector_id, status_id, phone,
 * emails (comma separated). Empty ones are omitted.
 */
export const ZReportFilters = z.object({
  fromDate: dateField.optional(),
  toDate: dateField.optional(),
  profile_type: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === 'null') return null;
      const n = Number(v);
      if (![ROLE.operator, ROLE.manager, ROLE.lord].includes(n as 0)) {
        ctx.addIssue({ code: 'custom', message: 'Perfil inválido.' });
        return z.NEVER;
      }
      return n;
    }),
  operator_id: optionalId,
  channel_id: optionalId,
  sector_id: optionalId,
  status_id: optionalId,
  phone: z.string().trim().max(30, 'Telefone inválido.').optional(),
  emails: z.string().trim().max(2000, 'E-mails inválidos.').optional(),
  /** The negotiation report's result (spec 3 §4 /reports/negotiation {status}). */
  status: z.enum(NEGOTIATION_REPORT_STATUSES, { error: 'Situação inválida.' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type TReportFiltersInput = z.input<typeof ZReportFilters>;
export type TReportFiltersParsed = z.output<typeof ZReportFilters>;

export type TReportFilters = Omit<TReportFiltersParsed, 'fromDate' | 'toDate'> & {
  fromDate: string;
  toDate: string;
};

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The current month in 'YYYY-MM-DD' (default period). */
export function currentMonth(today: string): { fromDate: string; toDate: string } {
  const d = dayjs(today);
  return { fromDate: d.startOf('month').format('YYYY-MM-DD'), toDate: d.endOf('month').format('YYYY-MM-DD') };
}

/** Days covered by a period, both ends included. */
export function periodDays(fromDate: string, toDate: string): number {
  return dayjs(toDate).diff(dayjs(fromDate), 'day') + 1;
}

/**
 * The period and report rules of spec 3 §5: start not after end, the report's maximum, the earliest date, the
 * trigger report's channel, the flow report's recipients. Answers the filters with dates filled, or the
 * first message.
 */
export function checkReportFilters(
  key: TReportKey,
  parsed: TReportFiltersParsed,
  today: string,
): { ok: true; filters: TReportFilters } | { ok: false; message: string } {
  const def = REPORTS[key];
  const month = currentMonth(today);
  const fromDate = parsed.fromDate ?? month.fromDate;
  const toDate = parsed.toDate ?? month.toDate;
  if (fromDate > toDate) return { ok: false, message: REPORT_MSG.startAfterEnd };
  if (def.maxDays !== null && periodDays(fromDate, toDate) > def.maxDays)
    return { ok: false, message: periodLimitMessage(def.maxDays) };
  if (def.earliest && fromDate < def.earliest) return { ok: false, message: REPORT_MSG.flowsEarliest };
  if (def.channelRequired && !parsed.channel_id) return { ok: false, message: REPORT_MSG.triggerChannel };
  if (def.filters.includes('emails') && key === 'flows') {
    const list = (parsed.emails ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (list.length === 0) return { ok: false, message: REPORT_MSG.flowsRecipients };
    const bad = list.find((e) => !EMAIL_RE.test(e));
    if (bad) return { ok: false, message: `E-mail ${bad} inválido!` };
    if (new Set(list.map((e) => e.toLowerCase())).size !== list.length)
      return { ok: false, message: REPORT_MSG.flowsDuplicate };
  }
  return { ok: true, filters: { ...parsed, fromDate, toDate } };
}

/** A report's answer: a table (with optional totals row) and, for some, extra blocks its screen draws. */
export type TReportColumnKind = 'text' | 'int' | 'duration' | 'percent' | 'datetime' | 'date';
export type TReportColumn = { key: string; label: string; kind: TReportColumnKind };
export type TReportCell = string | number | null;
export type TReportTable = {
  title: string;
  columns: TReportColumn[];
  rows: Record<string, TReportCell>[];
  totals?: Record<string, TReportCell> | null;
  /** Rows in all (when `rows` is one page of them). */
  total?: number;
  page?: number;
  perPage?: number;
  /** Charts the screen draws above the table (the simple report's bars, the every-hour lines…). */
  charts?: TReportChart[];
  /** Report-specific blocks (the simple report's data_by_number…), drawn as further tables. */
  tables?: {
    title: string;
    columns: TReportColumn[];
    rows: Record<string, TReportCell>[];
    /** When `rows` is one page of a longer list (the session-control pauses): rows in all; pages by `page`. */
    total?: number;
    page?: number;
    perPage?: number;
  }[];
};

/**
 * A chart of a report or dashboard (drawn with @mantine/charts): `data` rows keyed by `dataKey` (the category)
 * and one key per series. `details` (optional, per category) is the tooltip of a bucket such as 'Outros'.
 */
export type TReportChart = {
  title: string;
  type: 'bar' | 'line' | 'donut';
  dataKey: string;
  series: { name: string; label: string; color?: string }[];
  data: Record<string, string | number>[];
  details?: Record<string, string>;
};

/** Seconds → 'HH:MM:SS' (hours may pass 24). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(r).padStart(2, '0')}`;
}

/** Percent floored to two decimals; under 1 shows 0 (spec 3 §9 Simple report). */
export function floorPercent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  const p = Math.floor(((part * 100) / whole) * 100) / 100;
  return p < 1 ? 0 : p;
}

/** Background report states (spec 3 §4). */
export const BACKGROUND_STATUS_LABEL = {
  queued: 'Na fila',
  processing: 'Processando',
  done: 'Finalizado',
  cancelled: 'Cancelado',
  failed: 'Erro',
} as const;
export type TBackgroundStatus = keyof typeof BACKGROUND_STATUS_LABEL;

export const DASHBOARD_KEYS = ['business', 'monitoring', 'communication', 'operational', 'team'] as const;
export type TDashboardKey = (typeof DASHBOARD_KEYS)[number];
export const DASHBOARDS: Record<TDashboardKey, { title: string; description: string }> = {
  business: { title: 'Gestão do negócio', description: 'Volume, tempos e resultados do período.' },
  monitoring: { title: 'Monitoramento da distribuição', description: 'A fila e os operadores agora.' },
  communication: { title: 'Comunicação interna', description: 'Mensagens entre gestores e operadores.' },
  operational: { title: 'Resumo operacional', description: 'Sessões, pausas e atendimentos por usuário.' },
  team: { title: 'Gestão de equipe', description: 'Cada operador diante da meta.' },
};

/** The team dashboard's goal colour (spec 3 §4): success ≥ 100 %, secondary from 50 %, error below. */
export function goalColor(percent: number): 'success' | 'secondary' | 'error' {
  if (percent >= 100) return 'success';
  if (percent >= 50) return 'secondary';
  return 'error';
}

// ---------------------------------------------------------------------------------------------------------------
// Helper D: background reports API (spec 3 §4 Scheduled background reports, §7 /reports/background-reports,
// §9 Background report table 50 (25, 50, 100)).

export const BACKGROUND_MSG = {
  cancelled: 'Relatório cancelado.',
  deleted: 'Relatório excluído.',
  notCancellable: 'Só é possível cancelar relatórios na fila ou em processamento.',
  notReady: 'O relatório ainda não está pronto para download.',
  failed: 'Erro ao gerar relatório.',
  loadError: 'Não foi possível carregar os relatórios em segundo plano.',
  mailSubject: (title: string) => `Relatório ${title} pronto`,
} as const;

export const BACKGROUND_PAGE_SIZES = [25, 50, 100] as const;
export const BACKGROUND_DEFAULT_PAGE_SIZE = 50;
/** The filter values of the list (spec 3 §4): Na fila, Processando, Finalizado, Cancelado. */
export const BACKGROUND_FILTER_STATUSES = ['queued', 'processing', 'done', 'cancelled'] as const;
/** Days the e-mailed download link stays valid. */
export const BACKGROUND_LINK_DAYS = 7;

export const ZBackgroundReportCreate = z.object({
  type: z.enum(REPORT_KEYS, { error: 'Relatório não encontrado.' }),
  filters: ZReportFilters.omit({ page: true }).prefault({}),
});
export type TBackgroundReportCreate = z.input<typeof ZBackgroundReportCreate>;

export const ZBackgroundReportListQuery = z.object({
  status: z
    .union([z.enum(BACKGROUND_FILTER_STATUSES), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  page: z.coerce.number({ error: 'Página inválida.' }).int().min(1).max(100_000).default(1),
  count: z.coerce
    .number({ error: 'Quantidade por página inválida.' })
    .refine((n) => (BACKGROUND_PAGE_SIZES as readonly number[]).includes(n), {
      error: 'Quantidade por página inválida.',
    })
    .default(BACKGROUND_DEFAULT_PAGE_SIZE),
});

export const ZBackgroundReportRow = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  /** 'DD/MM/YYYY a DD/MM/YYYY'. */
  period: z.string(),
  status: z.enum(['queued', 'processing', 'done', 'cancelled', 'failed']),
  status_label: z.string(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  rows: z.number().nullable(),
  error: z.string().nullable(),
  file_name: z.string().nullable(),
});
export type TBackgroundReportRow = z.infer<typeof ZBackgroundReportRow>;

export const ZBackgroundReportList = z.object({
  rows: z.array(ZBackgroundReportRow),
  total: z.number(),
  page: z.number(),
  count: z.number(),
});
export type TBackgroundReportList = z.infer<typeof ZBackgroundReportList>;

export const ZBackgroundReportCreated = z.object({
  id: z.string(),
  message: z.string(),
  alert: z.literal(true),
});

/** Whether a background report still runs (the list polls while one does; it can be cancelled). */
export function isBackgroundActive(status: string): boolean {
  return status === 'queued' || status === 'processing';
}

/** A background report's CSV name: the report's own, with the period ('relatorio-ativos-2026-11-01-a-2026-11-30.csv'). */
export function backgroundFileName(key: TReportKey, fromDate: string, toDate: string): string {
  return REPORTS[key].csvName.replace(/\.csv$/, `-${fromDate}-a-${toDate}.csv`);
}

/** The periodic reports of the reports settings (reports.<key>.period) and the report each one sends. */
export const PERIODIC_REPORTS = {
  history: 'analytic',
  triggers: 'triggers',
  analytic: 'analytic',
  produtivity: 'productivity',
  poll: 'polls',
  actives: 'active',
} as const satisfies Record<string, TReportKey>;

// ---------------------------------------------------------------------------------------------------------------
// Helper B: the filter selects of the report screens (GET /api/reports/lookups).

/**
 * What the report filters offer: users up to the caller's role (names with ' (Inativo)'), channels (names with
 * ' (Excluído)'; WhatsApp Enterprise ones only when the company has that module, `waent_enabled`), sectors,
 * statuses with the deleted ones (`trashed`), and the profile options for the caller's role.
 */
export const ZReportLookups = z.object({
  users: z.array(z.object({ id: z.number(), name: z.string(), role: z.number(), inactive: z.boolean() })),
  channels: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      kind: z.string(),
      kind_label: z.string(),
      deleted: z.boolean(),
    }),
  ),
  sectors: z.array(z.object({ id: z.number(), name: z.string() })),
  statuses: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      should_close: z.number(),
      success: z.boolean(),
      trashed: z.boolean(),
    }),
  ),
  profiles: z.array(z.object({ value: z.string(), label: z.string() })),
  waent_enabled: z.boolean(),
});
export type TReportLookups = z.infer<typeof ZReportLookups>;

/** The report lookups' path (static: matched before /api/reports/:key). */
export const REPORT_LOOKUPS_PATH = '/api/reports/lookups';

// ─── Dashboards (helper E, issue 19: spec 3 §2 Dashboards, §3, §4 Goal colour, §7 Dashboards, §9) ───

export const DASHBOARD_MSG = {
  goalSaved: 'Meta salva com sucesso!',
  goalInvalid: 'Informe uma meta inteira entre 1 e 100000.',
  goalMissing: 'Defina a meta de atendimentos finalizados da equipe.',
  empty: 'Sem dados neste período.',
  noOperators: 'Nenhum operador encontrado.',
  loadError: 'Não foi possível carregar o painel.',
  userNotFound: 'Usuário não encontrado.',
  periodMax: 'O período máximo dos painéis é de 366 dias.',
} as const;

/** The dashboards' largest period (days). */
export const DASHBOARD_MAX_DAYS = 366;
/** Spec 3 §9: operational details tables, attendances 30 and pauses 50 rows per page. */
export const OPERATIONAL_DETAILS_PER_PAGE = { attendances: 30, pauses: 50 } as const;
/** Spec 3 §9 top states chart (company metadata b4b.maxStates). */
export const DEFAULT_MAX_STATES = 8;

/** The filters of the dashboards: the period (default today), sector, channel, user; pages of the details. */
export const ZDashboardFilters = ZReportFilters.pick({
  fromDate: true,
  toDate: true,
  sector_id: true,
  channel_id: true,
  operator_id: true,
}).extend({ format: z.enum(['json', 'csv']).optional() });
export type TDashboardFiltersInput = z.input<typeof ZDashboardFilters>;
export type TDashboardFiltersParsed = z.output<typeof ZDashboardFilters>;

/** The period of a dashboard, default today; start not after end and at most DASHBOARD_MAX_DAYS. */
export function checkDashboardPeriod(
  parsed: { fromDate?: string; toDate?: string },
  today: string,
): { ok: true; fromDate: string; toDate: string } | { ok: false; message: string } {
  const fromDate = parsed.fromDate ?? parsed.toDate ?? today;
  const toDate = parsed.toDate ?? (parsed.fromDate ? fromDate : today);
  if (fromDate > toDate) return { ok: false, message: REPORT_MSG.startAfterEnd };
  if (periodDays(fromDate, toDate) > DASHBOARD_MAX_DAYS)
    return { ok: false, message: DASHBOARD_MSG.periodMax };
  return { ok: true, fromDate, toDate };
}

export const ZDashboardDetailsQuery = z.object({
  user_id: z.coerce
    .number({ error: DASHBOARD_MSG.userNotFound })
    .int({ error: DASHBOARD_MSG.userNotFound })
    .min(1, { error: DASHBOARD_MSG.userNotFound })
    .max(2_147_483_647, { error: DASHBOARD_MSG.userNotFound }),
  fromDate: ZReportFilters.shape.fromDate,
  toDate: ZReportFilters.shape.toDate,
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pause_page: z.coerce.number().int().min(1).max(100_000).optional(),
  /** CSV of one of the two tables. */
  format: z.enum(['json', 'csv']).optional(),
  table: z.enum(['attendances', 'pauses']).optional(),
});

export const ZTeamGoalInput = z.object({
  goal: z
    .number({ error: DASHBOARD_MSG.goalInvalid })
    .int({ error: DASHBOARD_MSG.goalInvalid })
    .min(1, { error: DASHBOARD_MSG.goalInvalid })
    .max(100_000, { error: DASHBOARD_MSG.goalInvalid }),
});
export type TTeamGoalInput = z.infer<typeof ZTeamGoalInput>;

/** Dashboard settings kept in the company metadata: b4b.maxStates (default 8), dashboard.team_goal. */
export function dashboardSettingsOf(meta: Record<string, unknown>): {
  maxStates: number;
  teamGoal: number | null;
} {
  const b4b = meta.b4b as { maxStates?: unknown } | undefined;
  const dashboard = meta.dashboard as { team_goal?: unknown } | undefined;
  const max = Number(b4b?.maxStates);
  const goal = Number(dashboard?.team_goal);
  return {
    maxStates: Number.isInteger(max) && max > 0 ? max : DEFAULT_MAX_STATES,
    teamGoal: Number.isInteger(goal) && goal > 0 ? goal : null,
  };
}

/** Brazilian area codes (DDD) → state (UF). */
const DDD_RANGES: [string, number[]][] = [
  ['SP', [11, 12, 13, 14, 15, 16, 17, 18, 19]],
  ['RJ', [21, 22, 24]],
  ['ES', [27, 28]],
  ['MG', [31, 32, 33, 34, 35, 37, 38]],
  ['PR', [41, 42, 43, 44, 45, 46]],
  ['SC', [47, 48, 49]],
  ['RS', [51, 53, 54, 55]],
  ['DF', [61]],
  ['GO', [62, 64]],
  ['TO', [63]],
  ['MT', [65, 66]],
  ['MS', [67]],
  ['AC', [68]],
  ['RO', [69]],
  ['BA', [71, 73, 74, 75, 77]],
  ['SE', [79]],
  ['PE', [81, 87]],
  ['AL', [82]],
  ['PB', [83]],
  ['RN', [84]],
  ['CE', [85, 88]],
  ['PI', [86, 89]],
  ['PA', [91, 93, 94]],
  ['AM', [92, 97]],
  ['RR', [95]],
  ['AP', [96]],
  ['MA', [98, 99]],
];
export const DDD_UF: Readonly<Record<string, string>> = Object.fromEntries(
  DDD_RANGES.flatMap(([uf, ddds]) => ddds.map((d) => [String(d), uf])),
);

/** The area code of a Brazilian phone (with or without the 55 country code), or null. */
export function dddOfPhone(phone: string): string | null {
  const d = phone.replace(/\D/g, '');
  if (/^55\d{10,11}$/.test(d)) return d.slice(2, 4);
  if (/^\d{10,11}$/.test(d)) return d.slice(0, 2);
  return null;
}

export function ufOfPhone(phone: string): string | null {
  const ddd = dddOfPhone(phone);
  return ddd ? (DDD_UF[ddd] ?? null) : null;
}

/** The top `max` states by count; the rest summed as 'Outros' (with the list of the states it holds). */
export function topStates(
  counts: Record<string, number>,
  max: number,
): { rows: { uf: string; total: number }[]; others: string | null } {
  const sorted = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const top = sorted.slice(0, max).map(([uf, total]) => ({ uf, total }));
  const rest = sorted.slice(max);
  if (rest.length === 0) return { rows: top, others: null };
  return {
    rows: [...top, { uf: 'Outros', total: rest.reduce((s, [, n]) => s + n, 0) }],
    others: rest.map(([uf, n]) => `${uf}: ${n}`).join(', '),
  };
}

/** The Mantine colour of the goal colour (spec 3 §4): success green, secondary yellow, error red. */
export function goalMantineColor(percent: number): 'green' | 'yellow' | 'red' {
  const c = goalColor(percent);
  return c === 'success' ? 'green' : c === 'secondary' ? 'yellow' : 'red';
}

const ZChart = z.object({
  title: z.string(),
  type: z.enum(['bar', 'line', 'donut']),
  dataKey: z.string(),
  series: z.array(z.object({ name: z.string(), label: z.string(), color: z.string().optional() })),
  data: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  details: z.record(z.string(), z.string()).optional(),
});

const ZPeriodOut = z.object({ fromDate: z.string(), toDate: z.string() });

export const ZBusinessDashboard = z.object({
  period: ZPeriodOut,
  cards: z.object({
    opened: z.number(),
    closed: z.number(),
    /** Averages in seconds, null without data. */
    tme: z.number().nullable(),
    tma: z.number().nullable(),
    firstResponse: z.number().nullable(),
    slaBreaches: z.number(),
    messagesIn: z.number(),
    messagesOut: z.number(),
  }),
  byDay: ZChart,
  byChannel: ZChart,
  bySector: ZChart,
  states: ZChart,
});
export type TBusinessDashboard = z.infer<typeof ZBusinessDashboard>;

/** Labels of the dashboard counters (spec 3 §3). */
export const DASHBOARD_COUNTER_LABEL = {
  auto: 'Automáticos',
  attended: 'Em atendimento',
  answeredNotAssigned: 'Respondidos sem responsável',
  notDistributed: 'Não distribuídos',
  sla: 'Dentro do SLA',
  outOfSla: 'Fora do SLA',
  waitingFirstInteraction: 'Aguardando primeira interação',
  awaitingResponse: 'Aguardando resposta',
  answered: 'Respondidos',
  busy: 'Cliente ocupado',
} as const;
export type TDashboardCounterKey = keyof typeof DASHBOARD_COUNTER_LABEL;

/** Labels of the operator counters (spec 3 §3). */
export const OPERATOR_COUNTER_LABEL = {
  online: 'On-line',
  offline: 'Off-line',
  paused: 'Em pausa',
  full: 'Lotados',
  total: 'Atendimentos',
} as const;

const ZOperatorCounters = z.object({
  online: z.number(),
  offline: z.number(),
  paused: z.number(),
  full: z.number(),
  total: z.number(),
});

export const ZMonitoringDashboard = z.object({
  counters: z.object(
    Object.fromEntries(Object.keys(DASHBOARD_COUNTER_LABEL).map((k) => [k, z.number()])) as Record<
      TDashboardCounterKey,
      z.ZodNumber
    >,
  ),
  operators: ZOperatorCounters,
  sectors: z.array(ZOperatorCounters.extend({ sectorId: z.number(), name: z.string() })),
  byHour: ZChart,
});
export type TMonitoringDashboard = z.infer<typeof ZMonitoringDashboard>;

/** The operational summary's columns (spec 3 §3 Operational summary row), in order. */
export const OPERATIONAL_COLUMNS: TReportColumn[] = [
  { key: 'name', label: 'Nome', kind: 'text' },
  { key: 'time_sessions', label: 'Tempo em sessão', kind: 'duration' },
  { key: 'time_pauses', label: 'Tempo em pausa', kind: 'duration' },
  { key: 'pauses', label: 'Pausas', kind: 'int' },
  { key: 'time_real', label: 'Tempo real', kind: 'duration' },
  { key: 'sessions', label: 'Sessões', kind: 'int' },
  { key: 'chats', label: 'Atendimentos', kind: 'int' },
  { key: 'opened', label: 'Abertos', kind: 'int' },
  { key: 'finalized', label: 'Finalizados', kind: 'int' },
  { key: 'success', label: 'Sucesso', kind: 'int' },
  { key: 'perc', label: '% Sucesso', kind: 'percent' },
  { key: 'tma', label: 'TMA', kind: 'duration' },
  { key: 'tme', label: 'TME', kind: 'duration' },
];

export const ZOperationalRow = z.object({
  user_id: z.number(),
  name: z.string(),
  time_sessions: z.number(),
  time_pauses: z.number(),
  pauses: z.number(),
  time_real: z.number(),
  sessions: z.number(),
  chats: z.number(),
  opened: z.number(),
  finalized: z.number(),
  success: z.number(),
  perc: z.number(),
  tma: z.number().nullable(),
  tme: z.number().nullable(),
});
export type TOperationalRow = z.infer<typeof ZOperationalRow>;
export const ZOperationalSummary = z.object({ period: ZPeriodOut, rows: z.array(ZOperationalRow) });
export type TOperationalSummary = z.infer<typeof ZOperationalSummary>;

export const OPERATIONAL_ATTENDANCE_COLUMNS: TReportColumn[] = [
  { key: 'protocol', label: 'Protocolo', kind: 'text' },
  { key: 'contact', label: 'Contato', kind: 'text' },
  { key: 'channel', label: 'Canal', kind: 'text' },
  { key: 'sector', label: 'Setor', kind: 'text' },
  { key: 'status', label: 'Status', kind: 'text' },
  { key: 'opened_at', label: 'Aberto em', kind: 'datetime' },
  { key: 'closed_at', label: 'Finalizado em', kind: 'datetime' },
];
export const OPERATIONAL_PAUSE_COLUMNS: TReportColumn[] = [
  { key: 'reason', label: 'Motivo', kind: 'text' },
  { key: 'started_at', label: 'Início', kind: 'datetime' },
  { key: 'ended_at', label: 'Fim', kind: 'datetime' },
  { key: 'duration', label: 'Duração', kind: 'duration' },
];

const ZCells = z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()])));
export const ZOperationalDetails = z.object({
  period: ZPeriodOut,
  user: z.object({ id: z.number(), name: z.string() }),
  attendances: z.object({ rows: ZCells, total: z.number(), page: z.number(), perPage: z.number() }),
  pauses: z.object({ rows: ZCells, total: z.number(), page: z.number(), perPage: z.number() }),
});
export type TOperationalDetails = z.infer<typeof ZOperationalDetails>;

export const ZTeamDashboard = z.object({
  period: ZPeriodOut,
  goal: z.number().nullable(),
  rows: z.array(
    z.object({
      rank: z.number(),
      user_id: z.number(),
      name: z.string(),
      closed: z.number(),
      /** Percent of the goal (floored), null without a goal. */
      percent: z.number().nullable(),
      color: z.enum(['green', 'yellow', 'red']).nullable(),
    }),
  ),
});
export type TTeamDashboard = z.infer<typeof ZTeamDashboard>;

/** The realtime event of the dashboards: period figures of the company, or the live monitor. */
export type TUpdateDashboard = { kind: 'company' | 'monitor' };
