import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_TIMEZONE } from './dates';
import { zBigId, zId, zIdParam, zInt4, zInt4Param, zPage } from './ids';
import { z } from './zod';

// Batch close (spec 3 §2 main.batch-close, §3 Batch close queue, §4, §5, §7, §8, §9; issue 18): bulk actions on
// open attendances. The contract, the labels and the Portuguese texts.

/** At most this many attendances in one queue (and listed by one search). */
export const BATCH_CLOSE_MAX_ITEMS = 1000;
export const BATCH_CLOSE_MESSAGE_MAX = 4096;
export const BATCH_CLOSE_ITEMS_PER_PAGE = 50;

export const BATCH_CLOSE_MSG = {
  // Spec 3 §8.
  saveError: 'Erro ao salvar finalização em massa.',
  cancelError: 'Erro ao cancelar ação em massa.',
  // Spec 3 §5.
  noHistories: 'Selecione ao menos um atendimento.',
  actionRequired: 'Selecione uma ação.',
  statusRequired: 'Selecione o status de finalização.',
  classificationRequired: 'Selecione o status de classificação.',
  sectorRequired: 'Selecione o setor de destino.',
  messageRequired: 'Informe a mensagem a ser enviada.',
  messageTooLong: `A mensagem deve ter no máximo ${BATCH_CLOSE_MESSAGE_MAX} caracteres.`,
  tooManyHistories: `Selecione no máximo ${BATCH_CLOSE_MAX_ITEMS} atendimentos por ação.`,
  statusNotFinalization: 'O status escolhido não é um status de finalização.',
  statusNotClassification: 'O status escolhido não é um status de classificação.',
  statusNotFound: 'Status não encontrado.',
  statusInBot: 'Este status é exclusivo do robô e não pode finalizar atendimentos.',
  sectorNotFound: 'Setor não encontrado.',
  userNotFound: 'Operador não encontrado ou inativo.',
  noneOpen: 'Nenhum dos atendimentos selecionados está aberto e visível para você.',
  inProgress: 'Já existe uma ação em massa em andamento. Aguarde a conclusão ou cancele-a.',
  notCancelable: 'Esta ação em massa já terminou e não pode ser cancelada.',
  notFound: 'Ação em massa não encontrada.',
  invalidRange: 'A data final deve ser igual ou posterior à data inicial.',
  invalidDate: 'Data inválida.',
  created: 'Ação em massa criada com sucesso!',
  canceled: 'Ação em massa cancelada.',
  loadError: 'Não foi possível carregar as ações em massa.',
  searchError: 'Não foi possível buscar os atendimentos abertos.',
  // Why an item failed when the chat's operation did not say.
  creatorInactive: 'O usuário que criou a ação em massa está inativo.',
  unexpected: 'Erro inesperado ao processar o atendimento.',
  allFailed: 'Nenhum atendimento pôde ser processado.',
} as const;

export const BATCH_CLOSE_ACTIONS = [1, 2, 3, 4, 5] as const;
export type TBatchCloseAction = (typeof BATCH_CLOSE_ACTIONS)[number];
export const BATCH_CLOSE_ACTION_LABEL: Record<TBatchCloseAction, string> = {
  1: 'Finalizar atendimentos',
  2: 'Transferir setor',
  3: 'Transferir responsável',
  4: 'Classificar',
  5: 'Enviar mensagem',
};

export const BATCH_CLOSE_STATES = ['preparing', 'prepared', 'running', 'done', 'error', 'canceled'] as const;
export type TBatchCloseState = (typeof BATCH_CLOSE_STATES)[number];
export const BATCH_CLOSE_STATE_LABEL: Record<TBatchCloseState, string> = {
  preparing: 'Configurando',
  prepared: 'Configurado',
  running: 'Executando',
  done: 'Concluído',
  error: 'Erro',
  canceled: 'Cancelado',
};
/** States in which a queue still works (a new one waits; it may be canceled). */
export const BATCH_CLOSE_IN_PROGRESS: readonly TBatchCloseState[] = ['preparing', 'prepared', 'running'];

export function isBatchCloseInProgress(state: string): boolean {
  return (BATCH_CLOSE_IN_PROGRESS as readonly string[]).includes(state);
}

export const BATCH_CLOSE_ITEM_STATES = ['pending', 'done', 'skipped'] as const;
export type TBatchCloseItemState = (typeof BATCH_CLOSE_ITEM_STATES)[number];

/** An item's label (spec 3 §4): skipped 'Falhou', done 'Concluído', otherwise 'Pendente'. */
export function batchCloseItemLabel(state: string): string {
  if (state === 'skipped') return 'Falhou';
  if (state === 'done') return 'Concluído';
  return 'Pendente';
}

/** Progress of a queue in percent (items done or failed over the total). */
export function batchCloseProgress(q: { total: number; done_count: number; failed_count: number }): number {
  if (q.total <= 0) return 0;
  return Math.min(100, Math.round(((q.done_count + q.failed_count) / q.total) * 100));
}

dayjs.extend(utc);
dayjs.extend(timezone);

/** The search's default period (spec 3 §9): the current month in the company's timezone, as YYYY-MM-DD. */
export function currentMonthRange(now: Date = new Date(), tz: string = DEFAULT_TIMEZONE) {
  let local: dayjs.Dayjs;
  try {
    local = dayjs(now).tz(tz);
  } catch {
    local = dayjs(now).tz(DEFAULT_TIMEZONE);
  }
  return {
    fromDate: local.startOf('month').format('YYYY-MM-DD'),
    toDate: local.endOf('month').format('YYYY-MM-DD'),
  };
}

// ── Filters of the open attendances search ─────────────────────────────────────────────────────────────

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const isoDate = z
  .string({ error: BATCH_CLOSE_MSG.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: BATCH_CLOSE_MSG.invalidDate })
  .refine((v) => !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().slice(0, 10) === v, {
    error: BATCH_CLOSE_MSG.invalidDate,
  });

const filterShape = {
  /** YYYY-MM-DD in the company's timezone; both default to the current month (spec 3 §9). */
  fromDate: z.preprocess(emptyToUndefined, isoDate.optional()),
  toDate: z.preprocess(emptyToUndefined, isoDate.optional()),
  /** The attendance's operator; 0 (or absent): every operator and none. */
  user_id: z.preprocess(emptyToUndefined, zInt4Param().optional()),
  /** Text in the attendance's messages or in the contact's name. */
  message: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  /** The attendance's classification status. */
  status_id: z.preprocess(emptyToUndefined, zIdParam().optional()),
};

function checkRange(f: { fromDate?: string; toDate?: string }, ctx: z.RefinementCtx) {
  if (f.fromDate && f.toDate && f.toDate < f.fromDate)
    ctx.addIssue({ code: 'custom', message: BATCH_CLOSE_MSG.invalidRange, path: ['toDate'] });
}

export const ZBatchCloseFilters = z.object(filterShape).superRefine(checkRange);
export type TBatchCloseFilters = z.infer<typeof ZBatchCloseFilters>;

export const ZOpenHistory = z.object({
  id: z.number(),
  protocol: z.string(),
  contact_id: z.number(),
  name: z.string(),
  channel_kind: z.string(),
  sector_id: z.number(),
  sector_name: z.string().nullable(),
  operator_id: z.number().nullable(),
  operator_name: z.string().nullable(),
  status_id: z.number().nullable(),
  status_name: z.string().nullable(),
  started_at: z.string(),
  last_message_at: z.string(),
  last_message_preview: z.string(),
});
export type TOpenHistory = z.infer<typeof ZOpenHistory>;

export const ZOpenHistories = z.object({
  /** When the search ran (the list is a snapshot of that moment). */
  locked_at: z.string(),
  /** The period searched (the defaults applied). */
  fromDate: z.string(),
  toDate: z.string(),
  histories: z.array(ZOpenHistory),
  /** Every match; histories holds at most BATCH_CLOSE_MAX_ITEMS of them. */
  total: z.number(),
});
export type TOpenHistories = z.infer<typeof ZOpenHistories>;

// ── Creating a queue ──────────────────────────────────────────────────────────────────────────────────

const storedFilters = z
  .object({
    fromDate: z.string().max(10).nullish(),
    toDate: z.string().max(10).nullish(),
    user_id: zInt4().nullish(),
    message: z.string().max(200).nullish(),
    status_id: zId().nullish(),
  })
  .default({});

export const ZBatchCloseCreate = z
  .object({
    action_id: z
      .number({ error: BATCH_CLOSE_MSG.actionRequired })
      .int({ error: BATCH_CLOSE_MSG.actionRequired })
      .min(1, { error: BATCH_CLOSE_MSG.actionRequired })
      .max(5, { error: BATCH_CLOSE_MSG.actionRequired })
      .transform((v) => v as TBatchCloseAction),
    status_id: zId(BATCH_CLOSE_MSG.statusNotFound).nullish(),
    sector_id: zId(BATCH_CLOSE_MSG.sectorNotFound).nullish(),
    /** Owner transfer: the new operator; 0 or none: the attendances go without operator. */
    user_id: zInt4({ message: BATCH_CLOSE_MSG.userNotFound }).nullish(),
    message: z.string({ error: BATCH_CLOSE_MSG.messageRequired }).nullish(),
    filters: storedFilters,
    histories: z
      .array(zBigId(BATCH_CLOSE_MSG.noHistories), { error: BATCH_CLOSE_MSG.noHistories })
      .min(1, { error: BATCH_CLOSE_MSG.noHistories })
      .max(BATCH_CLOSE_MAX_ITEMS, { error: BATCH_CLOSE_MSG.tooManyHistories }),
  })
  .superRefine((v, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (v.action_id === 1) need(!!v.status_id, 'status_id', BATCH_CLOSE_MSG.statusRequired);
    if (v.action_id === 4) need(!!v.status_id, 'status_id', BATCH_CLOSE_MSG.classificationRequired);
    if (v.action_id === 2) need(!!v.sector_id, 'sector_id', BATCH_CLOSE_MSG.sectorRequired);
    if (v.action_id === 5) {
      const text = v.message?.trim() ?? '';
      need(text !== '', 'message', BATCH_CLOSE_MSG.messageRequired);
      need(text.length <= BATCH_CLOSE_MESSAGE_MAX, 'message', BATCH_CLOSE_MSG.messageTooLong);
    }
  });
export type TBatchCloseCreate = z.input<typeof ZBatchCloseCreate>;
export type TBatchCloseCreateValues = z.output<typeof ZBatchCloseCreate>;

export const ZBatchCloseCancel = z.object({ id: zId(BATCH_CLOSE_MSG.notFound) });

// ── Answers ────────────────────────────────────────────────────────────────────────────────────────────

export const ZBatchCloseQueue = z.object({
  id: z.number(),
  status: z.enum(BATCH_CLOSE_STATES),
  action_id: z.number(),
  status_id: z.number().nullable(),
  status_name: z.string().nullable(),
  sector_id: z.number().nullable(),
  sector_name: z.string().nullable(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  message: z.string().nullable(),
  filters: z.record(z.string(), z.unknown()),
  total: z.number(),
  done_count: z.number(),
  failed_count: z.number(),
  pending_count: z.number(),
  created_by: z.number(),
  created_by_name: z.string().nullable(),
  canceled_by_name: z.string().nullable(),
  error: z.string().nullable(),
  locked_at: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TBatchCloseQueue = z.infer<typeof ZBatchCloseQueue>;

export const ZBatchCloseList = z.object({
  queues: z.array(ZBatchCloseQueue),
  hasInProgressQueue: z.boolean(),
  /** The caller is an admin (spec 3 §6). */
  admin: z.boolean(),
});
export type TBatchCloseList = z.infer<typeof ZBatchCloseList>;

export const ZBatchCloseItem = z.object({
  attendance_id: z.number(),
  protocol: z.string().nullable(),
  contact_id: z.number().nullable(),
  contact_name: z.string().nullable(),
  attendance_status_name: z.string().nullable(),
  closed: z.boolean(),
  status: z.enum(BATCH_CLOSE_ITEM_STATES),
  error: z.string().nullable(),
  processed_at: z.string().nullable(),
});
export type TBatchCloseItem = z.infer<typeof ZBatchCloseItem>;

export const ZBatchCloseDetailQuery = z.object({
  page: zPage(),
  item_status: z.preprocess(emptyToUndefined, z.enum(BATCH_CLOSE_ITEM_STATES).optional()),
});

export const ZBatchCloseDetail = z.object({
  queue: ZBatchCloseQueue,
  admin: z.boolean(),
  items: z.array(ZBatchCloseItem),
  page: z.number(),
  per_page: z.number(),
  items_total: z.number(),
});
export type TBatchCloseDetail = z.infer<typeof ZBatchCloseDetail>;

export const ZBatchCloseSaved = z.object({ message: z.string(), queue: ZBatchCloseQueue });
