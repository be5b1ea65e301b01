import { sql } from 'drizzle-orm';
import { createDurableConsumer, type DurableConsumer } from '../../facts/durable-consumer';
import type { TStoredFact } from '../../facts/read-facts';
import { sendJob } from '../../jobs/catalogue';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';

/** The durable consumer of the calendar sync (fact_consumers.name). */
export const GOOGLE_CALENDAR_CONSUMER = 'google-calendar.schedules';

type Pair = { company_id: number; schedule_id: number };

/** New schedules whose operator has a linked calendar, in a company with the feature on. */
async function createdToSync(tx: Tx, facts: readonly TStoredFact[]): Promise<Pair[]> {
  const created = facts.flatMap((f) => (f.name === 'schedule.created' ? [f] : []));
  if (created.length === 0) return [];
  const r = await tx.execute<Pair>(sql`
    select s.company_id, s.id as schedule_id
    from unnest(${sql.param(created.map((f) => f.companyId))}::int[],
      ${sql.param(created.map((f) => f.data.schedule_id))}::int[]) as f(company_id, id)
    join schedules s on s.company_id = f.company_id and s.id = f.id
    join attendances a on a.company_id = s.company_id and a.id = s.attendance_id
    join companies co on co.id = s.company_id and (co.metadata -> 'allow' ->> 'google-calendar') = 'true'
    join google_calendar_links l on l.company_id = s.company_id
      and l.user_id = coalesce(a.operator_assigned_id, s.created_by)`);
  return r.rows;
}

/** Schedules with an event whose attendance stopped (or started) waiting: a cancel removes the event. */
async function changedToSync(tx: Tx, facts: readonly TStoredFact[]): Promise<Pair[]> {
  const changed = facts.flatMap((f) =>
    f.name === 'attendance.updated' && f.data.fields.includes('scheduled') ? [f] : [],
  );
  if (changed.length === 0) return [];
  const r = await tx.execute<Pair>(sql`
    select e.company_id, e.schedule_id::int as schedule_id
    from unnest(${sql.param(changed.map((f) => f.companyId))}::int[],
      ${sql.param(changed.map((f) => f.attendanceId))}::bigint[]) as f(company_id, id)
    join schedules s on s.company_id = f.company_id and s.attendance_id = f.id
    join schedule_calendar_events e on e.company_id = s.company_id and e.schedule_id = s.id`);
  return r.rows;
}

/**
 * Scheduled returns into their operators' Google calendars (issue 22): a new schedule or a canceled one (the facts
 * schedule.created and attendance.updated of `scheduled`) queues calendar.sync-schedule, after the batch commits.
 * Moving a schedule writes no fact: update-schedule queues the same job itself.
 */
export function googleCalendarConsumer(
  deps: Pick<AppDeps, 'db' | 'queue'>,
  log?: (msg: string, err?: unknown) => void,
): DurableConsumer {
  return createDurableConsumer({
    db: deps.db,
    name: GOOGLE_CALENDAR_CONSUMER,
    log,
    handle: async (tx, facts, afterCommit) => {
      const pairs = [...(await createdToSync(tx, facts)), ...(await changedToSync(tx, facts))];
      const queue = deps.queue;
      if (pairs.length === 0 || !queue) return;
      afterCommit(async () => {
        for (const p of pairs)
          await sendJob(queue, 'calendar.sync-schedule', {
            companyId: p.company_id,
            scheduleId: Number(p.schedule_id),
          });
      });
    },
  });
}
