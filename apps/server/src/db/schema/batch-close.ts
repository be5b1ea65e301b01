import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamptz } from './columns';
import { companies } from './companies';

// Batch close (issue 18; spec 3 §3 Batch close queue, §4): a queue of open attendances and one action on them.

/**
 * status: preparing (Configurando) → prepared (Configurado) → running (Executando) → done (Concluído) | error
 * (Erro) | canceled (Cancelado). action_id 1 finish (status_id), 2 transfer sector (sector_id), 3 transfer owner
 * (user_id, 0 none), 4 classify (status_id), 5 send message (message).
 */
export const batchCloseQueues = pgTable(
  'batch_close_queues',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    status: text('status').notNull().default('preparing'),
    actionId: integer('action_id').notNull(),
    statusId: integer('status_id'),
    sectorId: integer('sector_id'),
    userId: integer('user_id'),
    message: text('message'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    total: integer('total').notNull().default(0),
    doneCount: integer('done_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdBy: integer('created_by').notNull(),
    canceledBy: integer('canceled_by'),
    lockedAt: timestamptz('locked_at'),
    error: text('error'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('batch_close_queues_company_idx').on(t.companyId, t.createdAt),
  ],
);

/** One selected attendance of a queue: pending → done | skipped (Falhou, with why). */
export const batchCloseItems = pgTable(
  'batch_close_items',
  {
    companyId: integer('company_id').notNull(),
    queueId: integer('queue_id').notNull(),
    attendanceId: bigint('attendance_id', { mode: 'number' }).notNull(),
    contactId: integer('contact_id'),
    status: text('status').$type<'pending' | 'done' | 'skipped'>().notNull().default('pending'),
    error: text('error'),
    processedAt: timestamptz('processed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.queueId, t.attendanceId] }),
    index('batch_close_items_pending_idx').on(t.companyId, t.queueId, t.status),
  ],
);
