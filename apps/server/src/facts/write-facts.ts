import { parseFact, type TFactInput } from '@prosa/shared/facts';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../platform/db';
import { wakeAfterCommit } from '../platform/wake';

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
  // One statement for the batch; the consumers are woken once the transaction has committed (platform/wake.ts),
  // else by a NOTIFY in the statement (delivered at commit, dropped on rollback).
  const inTx = tx instanceof PgTransaction;
  const noted = inTx && wakeAfterCommit(tx, 'facts');
  await tx.execute(sql`
    with ins as (
      insert into domain_events (company_id, name, attendance_id, actor_user_id, data)
      select (f->>'company_id')::int, f->>'name', (f->>'attendance_id')::bigint, (f->>'actor_user_id')::int, f->'data'
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as e(f, n)
      order by n
      returning 1
    )
    ${inTx && !noted ? sql`select pg_notify('facts', '') from (select count(*) from ins) c` : sql`select count(*) from ins`}`);
  if (!inTx && !wakeAfterCommit(tx, 'facts')) await tx.execute(sql`select pg_notify('facts', '')`);
}
