import { parseFact, type TFactInput } from '@prosa/shared/facts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db';

/** A fact that is not in the catalogue, or whose data is not its schema's: a bug in the operation writing it. */
export class InvalidFactError extends Error {}

/**
 * Records facts in the caller's transaction: they commit (and wake the consumers) with the change they
 * describe, or not at all. Facts of one call get increasing ids in the given order. Given the pool instead (a
 * notice after a change already committed), the one statement commits on its own.
 */
export async function writeFacts(tx: Tx | Db, facts: readonly TFactInput[]): Promise<void> {
  if (facts.length === 0) return;
  const rows = facts.map((input) => {
    const r = parseFact(input);
    if (!r.ok) throw new InvalidFactError(r.error);
    const f = r.fact;
    return {
      company_id: f.companyId,
      name: f.name,
      attendance_id: f.attendanceId ?? null,
      actor_user_id: f.actorUserId ?? null,
      data: f.data,
    };
  });
  // One statement for the batch; NOTIFY is delivered at commit (and dropped on rollback), once per transaction.
  await tx.execute(sql`
    with ins as (
      insert into domain_events (company_id, name, attendance_id, actor_user_id, data)
      select (f->>'company_id')::int, f->>'name', (f->>'attendance_id')::bigint, (f->>'actor_user_id')::int, f->'data'
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as e(f, n)
      order by n
      returning 1
    )
    select pg_notify('facts', '') from (select count(*) from ins) c`);
}
