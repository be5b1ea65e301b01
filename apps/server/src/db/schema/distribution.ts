import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamptz, uniqueIndex } from './columns';
import { companies } from './companies';

// Automatic distribution configuration (spec 1 §3) and the durable schedule of its cycles.
export const autoDistConfigs = pgTable('auto_dist_configs', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  enabled: boolean('enabled').notNull().default(false),
  chatPerUser: integer('chat_per_user').notNull().default(0),
  allowIfAnswered: boolean('allow_if_answered').notNull().default(true),
  allowIfClientNotRespond: boolean('allow_if_client_not_respond').notNull().default(true),
  // The next cycle is due at this time; events move it to now(). Claimed atomically by one worker.
  nextCycleAt: timestamptz('next_cycle_at').notNull().defaultNow(),
  lastCycleAt: timestamptz('last_cycle_at'),
  lastCycleAssigned: integer('last_cycle_assigned').notNull().default(0),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const pauseReasons = pgTable(
  'pause_reasons',
  {
    companyId: integer('company_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

export const userPauses = pgTable(
  'user_pauses',
  {
    companyId: integer('company_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    reasonId: integer('reason_id'),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
    endedBy: text('ended_by').$type<'user' | 'limit' | 'logout'>(),
    exitReason: text('exit_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // One open pause per user.
    uniqueIndex('user_pauses_open_uq').on(t.companyId, t.userId).where(sql`ended_at IS NULL`),
    index('user_pauses_user_idx').on(t.companyId, t.userId, t.startedAt),
  ],
);
