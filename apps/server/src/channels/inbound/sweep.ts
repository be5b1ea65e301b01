import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { wakeAfterCommit } from '../../platform/wake';
import { INBOX_CHANNEL } from './accept';
import { MAX_ATTEMPTS } from './claim';

/**
 * The inbox's sweep (task inbox.sweep, every few seconds): events whose last claim ran out of tries while its
 * node died are kept as dead with their error; if any event is due (a lease expired, a retry's wait over), the
 * processors are woken at once rather than at their next poll.
 */
export async function sweepInbox(db: Db): Promise<{ dead: number; woken: boolean }> {
  const dead = await db.execute(sql`
    update channel_events
    set processed_at = now(), lease_until = null, error = coalesce(error, 'tentativas esgotadas')
    where processed_at is null and attempts >= ${MAX_ATTEMPTS} and (lease_until is null or lease_until < now())`);
  const due = await db.execute<{ due: boolean }>(sql`
    select exists (
      select 1 from channel_events
      where processed_at is null and available_at <= now() and attempts < ${MAX_ATTEMPTS}
        and (lease_until is null or lease_until < now())) as due`);
  const woken = due.rows[0]?.due === true;
  if (woken && !wakeAfterCommit(db, INBOX_CHANNEL))
    await db.execute(sql`select pg_notify(${INBOX_CHANNEL}, 'sweep')`);
  return { dead: dead.rowCount ?? 0, woken };
}
