import { brDateToIso, isoToBrDate } from './dates';
import { zBigIdParam, zIdParam, zInt4Param, zPage } from './ids';
import { z } from './zod';

// History backups (issue 21; spec 3 §3 Backup filters, §5, §6, §8, §9): a period of a company's finalized
// attendances written by a job into a compressed file, listed 10 per page, downloaded, restored into a new company.

export const BACKUP_MSG = {
  datesInvalid: 'É necessário preencher as datas corretamente.',
  rangeTooLong: 'A diferença entre as datas não pode ultrapassar 1 ano.',
  requestError: 'Erro ao solicitar backup.',
  loadError: 'Erro ao carregar backups.',
  requested: 'Backup solicitado com sucesso.',
  notFound: 'Backup não encontrado.',
  notDone: 'O backup ainda não foi concluído.',
  restoreRequested: 'Restauração solicitada. A nova empresa aparece na lista quando estiver pronta.',
  alreadyRestored: 'Este backup já foi restaurado.',
  restoreError: 'Erro ao restaurar backup.',
  downloadError: 'Erro ao baixar backup.',
  failed: 'Erro ao gerar o backup.',
  notRestored: 'Este backup ainda não foi restaurado.',
  attendanceNotFound: 'Atendimento não encontrado.',
  restoredLoadError: 'Erro ao carregar os atendimentos restaurados.',
  conversationLoadError: 'Erro ao carregar a conversa.',
} as const;

/** Spec 3 §9: billing and backup page size 10; backup range at most 1 year, checked against 366 days. */
export const BACKUPS_PER_PAGE = 10;
export const BACKUP_MAX_DAYS = 366;

export const BACKUP_STATUSES = ['waiting', 'running', 'done', 'failed'] as const;
export type TBackupStatus = (typeof BACKUP_STATUSES)[number];
export const BACKUP_STATUS_LABEL: Record<TBackupStatus, string> = {
  waiting: 'Aguardando',
  running: 'Em andamento',
  done: 'Concluído',
  failed: 'Falhou',
};

const DAY_MS = 86_400_000;

/** Days between two 'YYYY-MM-DD' dates (to − from). */
export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / DAY_MS);
}

/** The period's text on screens and in the restored company's name: "01/01/2026 a 31/01/2026". */
export function backupPeriodLabel(fromIso: string, toIso: string): string {
  return `${isoToBrDate(fromIso) ?? fromIso} a ${isoToBrDate(toIso) ?? toIso}`;
}

/** backup-historico-2026-01-01-a-2026-01-31.jsonl.gz */
export function backupFileName(fromIso: string, toIso: string): string {
  return `backup-historico-${fromIso}-a-${toIso}.jsonl.gz`;
}

/** The period form (DD/MM/YYYY both): checked as the spec says, answered as 'YYYY-MM-DD'. */
export const ZBackupRequest = z
  .object({
    dateFrom: z.string({ error: BACKUP_MSG.datesInvalid }).max(20, { error: BACKUP_MSG.datesInvalid }),
    dateTo: z.string({ error: BACKUP_MSG.datesInvalid }).max(20, { error: BACKUP_MSG.datesInvalid }),
  })
  .transform((v, ctx) => {
    const from = brDateToIso(v.dateFrom);
    const to = brDateToIso(v.dateTo);
    if (!from || !to || from > to) {
      ctx.addIssue({ code: 'custom', message: BACKUP_MSG.datesInvalid, path: ['dateFrom'] });
      return z.NEVER;
    }
    if (daysBetween(from, to) > BACKUP_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', message: BACKUP_MSG.rangeTooLong, path: ['dateTo'] });
      return z.NEVER;
    }
    return { from, to };
  });
export type TBackupRequest = z.input<typeof ZBackupRequest>;

/** List filters (spec 3 §3 Backup filters): schedules whose period meets [dateFrom, dateTo]. */
export const ZBackupListQuery = z
  .object({
    dateFrom: z.string().max(20).optional(),
    dateTo: z.string().max(20).optional(),
    page: zPage(),
    perPage: zInt4Param({ min: 1, max: 50 }).default(BACKUPS_PER_PAGE),
  })
  .transform((v, ctx) => {
    const from = v.dateFrom ? brDateToIso(v.dateFrom) : null;
    const to = v.dateTo ? brDateToIso(v.dateTo) : null;
    if ((v.dateFrom && !from) || (v.dateTo && !to) || (from && to && from > to)) {
      ctx.addIssue({ code: 'custom', message: BACKUP_MSG.datesInvalid, path: ['dateFrom'] });
      return z.NEVER;
    }
    return { from, to, page: v.page, perPage: v.perPage };
  });

export const ZBackupRow = z.object({
  id: z.number(),
  date_from: z.string(),
  date_to: z.string(),
  period: z.string(),
  status: z.enum(BACKUP_STATUSES),
  status_label: z.string(),
  progress: z.number(),
  size_bytes: z.number().nullable(),
  attendances: z.number(),
  messages: z.number(),
  error: z.string().nullable(),
  file_name: z.string(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  restored_company: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type TBackupRow = z.infer<typeof ZBackupRow>;

export const ZBackupPage = z.object({
  items: z.array(ZBackupRow),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});

export const ZBackupCreated = z.object({ message: z.string(), backup: ZBackupRow });
export const ZBackupMessage = z.object({ message: z.string() });
export const ZBackupIdParams = z.object({ id: zIdParam(BACKUP_MSG.notFound) });

/** One line of a backup file after the header: a finalized attendance with its contact and messages. */
export type TBackupAttendanceLine = {
  type: 'attendance';
  attendance: {
    id: number;
    protocol: string;
    card_id: string;
    name: string;
    channel_kind: string;
    sector: string | null;
    status: string | null;
    status_closes: boolean;
    operator_assigned_name: string | null;
    closed_by_user_name: string | null;
    first_start_chat_at: string;
    first_operator_answer_at: string | null;
    closed_at: string;
    notes: string;
  };
  contact: { name: string; kind: string; external_id: string; number: string | null; email: string | null };
  messages: {
    message_id: string;
    text: string;
    sender_type: number;
    operator_name: string | null;
    sent_at: string;
    attachments: unknown[];
  }[];
};

// The inspection of a restored backup: the new company's attendances, 25 per page, and one conversation.

export const RESTORED_PER_PAGE = 25;

export const ZRestoredQuery = z.object({
  page: zPage(),
  search: z.string().trim().max(100).optional(),
});

export const ZRestoredAttendanceParams = z.object({
  id: zIdParam(BACKUP_MSG.notFound),
  attendanceId: zBigIdParam(BACKUP_MSG.attendanceNotFound),
});

export const ZRestoredAttendance = z.object({
  id: z.number(),
  protocol: z.string(),
  contact_name: z.string(),
  contact_number: z.string().nullable(),
  sector: z.string().nullable(),
  status: z.string().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  messages: z.number(),
});
export type TRestoredAttendance = z.infer<typeof ZRestoredAttendance>;

/** The restored company (its timezone dates the screen) and a page of its attendances, newest closed first. */
export const ZRestoredCompany = z.object({ id: z.number(), name: z.string(), timezone: z.string() });

export const ZRestoredPage = z.object({
  company: ZRestoredCompany,
  items: z.array(ZRestoredAttendance),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TRestoredPage = z.infer<typeof ZRestoredPage>;

export const ZRestoredMessage = z.object({
  id: z.number(),
  /** in: from the contact; out: from an operator or the platform. */
  direction: z.enum(['in', 'out']),
  author: z.string().nullable(),
  text: z.string(),
  /** 'text', or the first attachment's kind (image, audio, video, document…). */
  type: z.string(),
  sent_at: z.string(),
});
export type TRestoredMessage = z.infer<typeof ZRestoredMessage>;

export const ZRestoredConversation = z.object({
  company: ZRestoredCompany,
  attendance: ZRestoredAttendance,
  messages: z.array(ZRestoredMessage),
});
export type TRestoredConversation = z.infer<typeof ZRestoredConversation>;
