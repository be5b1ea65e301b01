import { integer, pgTable, text, timestamptz } from './columns';

// The worker's recurring tasks (jobs/scheduler.ts), one row each: a worker claims a due row (SKIP LOCKED), pushes
// next_run_at one period on and holds running_until while it runs (extended while the run lasts); a row whose
// runner died is claimed again once running_until has passed.
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: text('name').primaryKey(),
  everyMs: integer('every_ms').notNull(),
  nextRunAt: timestamptz('next_run_at').notNull().defaultNow(),
  runningUntil: timestamptz('running_until'),
  lastError: text('last_error'),
  lastRunAt: timestamptz('last_run_at'),
});
