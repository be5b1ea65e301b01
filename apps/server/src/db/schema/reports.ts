import { sql } from 'drizzle-orm';
import { date } from 'drizzle-orm/pg-core';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamptz,
  uniqueIndex,
  uuid,
} from './columns';

// The measures of the rollups (report_hourly and report_daily hold the same ones).
const rollupMeasures = () => ({
  opened: integer('opened').notNull().default(0),
  closed: integer('closed').notNull().default(0),
  firstResponseSum: bigint('first_response_sum', { mode: 'number' }).notNull().default(0),
  firstResponseCount: integer('first_response_count').notNull().default(0),
  handlingSum: bigint('handling_sum', { mode: 'number' }).notNull().default(0),
  handlingCount: integer('handling_count').notNull().default(0),
  waitingSum: bigint('waiting_sum', { mode: 'number' }).notNull().default(0),
  waitingCount: integer('waiting_count').notNull().default(0),
  messagesIn: integer('messages_in').notNull().default(0),
  messagesOut: integer('messages_out').notNull().default(0),
  slaBreaches: integer('sla_breaches').notNull().default(0),
  transfers: integer('transfers').notNull().default(0),
  pauses: integer('pauses').notNull().default(0),
  pauseSeconds: bigint('pause_seconds', { mode: 'number' }).notNull().default(0),
  sessions: integer('sessions').notNull().default(0),
  sessionSeconds: bigint('session_seconds', { mode: 'number' }).notNull().default(0),
});

// Issue 19: the rollups reports and dashboards read (kept up to date from the facts by the reports consumer;
// a job recomputes any period exactly from the raw tables). One row per company × hour × sector × operator ×
// channel × status. `hour` is the start of the hour in the company's timezone (an instant, as every timestamp).
// A dimension that does not apply is 0 (an opening has no operator nor status; a message has no sector; a
// pause or session has only its operator). Durations are seconds.
//
// Where each measure is booked (the recompute and the consumer share these rules, as SQL, in
// modules/report-rollups/booking.ts):
// - opened: at the attendance's creation, with the sector it opened in (the one its first change of sector left,
//   else its sector) and its channel.
// - closed, first response, handling, waiting and SLA breaches: at its closing, with its sector, operator
//   and status then; a reopening takes its closing back. first response = first_operator_answer_at -
//   first_start_chat_at (when answered); handling = closed_at - first_start_chat_at; waiting = the first time an
//   operator held it (attendance_transfers.to_operator_id) - first_start_chat_at; an SLA breach = it was taken
//   back for SLA at least once (sla_count > 0). Whole seconds, never negative.
// - transfers: at each change of hands a user made (attendance_transfers.reason 'transfer'; taking, distribution,
//   returns to the queue, SLA, schedules, active openings and reopenings are not transfers), with the sector and
//   operator it went to.
// - messages in / out: at the message (sent_at), with its channel; in = the contact's (sender_type 0), out =
//   every other (operators, templates, bots and the product's own texts), with the operator who sent it (0 for
//   the automatic ones).
// - pauses and sessions: when they end, with their operator.
export const reportHourly = pgTable(
  'report_hourly',
  {
    companyId: integer('company_id').notNull(),
    hour: timestamptz('hour').notNull(),
    sectorId: integer('sector_id').notNull().default(0),
    operatorId: integer('operator_id').notNull().default(0),
    channelId: integer('channel_id').notNull().default(0),
    statusId: integer('status_id').notNull().default(0),
    ...rollupMeasures(),
  },
  (t) => [
    primaryKey({
      columns: [t.companyId, t.hour, t.sectorId, t.operatorId, t.channelId, t.statusId],
    }),
    index('report_hourly_operator_idx').on(t.companyId, t.operatorId, t.hour),
  ],
);

// report_daily: report_hourly summed per local calendar day of the company (`day`), the same dimensions and
// measures; kept in step with it in the same transactions (the consumer adds the same increments, the recompute
// rebuilds the whole days its period touches from report_hourly). Reports and dashboards whose period is whole
// days read it (a 30-day window is ~24x fewer rows); every-hour, which needs the hour of day, reads report_hourly.
export const reportDaily = pgTable(
  'report_daily',
  {
    companyId: integer('company_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sectorId: integer('sector_id').notNull().default(0),
    operatorId: integer('operator_id').notNull().default(0),
    channelId: integer('channel_id').notNull().default(0),
    statusId: integer('status_id').notNull().default(0),
    ...rollupMeasures(),
  },
  (t) => [
    primaryKey({
      columns: [t.companyId, t.day, t.sectorId, t.operatorId, t.channelId, t.statusId],
    }),
  ],
);

// The attendance-flow record (spec 3 §3): who opened and closed it, every operator who held it, its transfers.
// The last closing's dimensions let a reopening take that closing back out of the rollups.
export const attendanceFlows = pgTable(
  'attendance_flows',
  {
    companyId: integer('company_id').notNull(),
    attendanceId: bigint('attendance_id', { mode: 'number' }).notNull(),
    openedAt: timestamptz('opened_at').notNull(),
    openedBy: integer('opened_by'),
    closedAt: timestamptz('closed_at'),
    closedBy: integer('closed_by'),
    responsibleIds: integer('responsible_ids').array().notNull().default(sql`'{}'::integer[]`),
    transfers: integer('transfers').notNull().default(0),
    // What the last closing booked (for a reopening): its hour and dimensions and its measures.
    closedBooked: jsonb('closed_booked').$type<Record<string, number | string> | null>(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.attendanceId] }),
    index('attendance_flows_opened_idx').on(t.companyId, t.openedAt),
    // The operational summary's attendances handled (those still open or closed since the period's start) as an
    // index-only scan: the record's row is wide (closed_booked), the columns it needs are not.
    index('attendance_flows_closed_idx').on(t.companyId, t.closedAt, t.openedAt, t.responsibleIds),
    // The operational summary's attendances opened (active openings): few rows among all the period's.
    index('attendance_flows_opened_by_idx')
      .on(t.companyId, t.openedAt, t.openedBy)
      .where(sql`opened_by is not null`),
  ],
);

// An operator's working sessions (online to offline), from operator.status_changed facts.
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    companyId: integer('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('operator_sessions_open_uq').on(t.companyId, t.userId).where(sql`ended_at IS NULL`),
    index('operator_sessions_user_idx').on(t.companyId, t.userId, t.startedAt),
  ],
);

export type TBackgroundReportStatus = 'queued' | 'processing' | 'done' | 'cancelled' | 'failed';

// Background reports (spec 3 §4: Na fila, Processando, Finalizado, Cancelado): asked from a report screen for a
// long period or after a time-out, generated by a job into a CSV file; also the periodic ones of the reports
// settings (user_id null).
export const backgroundReports = pgTable(
  'background_reports',
  {
    companyId: integer('company_id').notNull(),
    id: uuid('id').defaultRandom(),
    userId: integer('user_id'),
    type: text('type').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<TBackgroundReportStatus>().notNull().default('queued'),
    fileName: text('file_name'),
    filePath: text('file_path'),
    rows: integer('rows'),
    error: text('error'),
    emailTo: text('email_to').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('background_reports_created_idx').on(t.companyId, t.createdAt),
  ],
);
