import { type SQL, sql } from 'drizzle-orm';
import { createDurableConsumer, type DurableConsumer } from '../../facts/durable-consumer';
import type { TStoredFact } from '../../facts/read-facts';
import type { Db, Tx } from '../../platform/db';
import { applyBookings } from './apply-bookings';
import {
  COUNTED_TRANSFER_REASONS,
  messageSource,
  openedSource,
  pauseSource,
  sessionSource,
  type TBooking,
  type TSourceRow,
  toBooking,
  transferSource,
} from './booking';
import { writeFlows } from './flows';

/** The durable consumer of the report rollups (fact_consumers.name). */
export const REPORT_ROLLUPS_CONSUMER = 'report-rollups';

const FLOW_FACTS = new Set([
  'attendance.opened',
  'attendance.assigned',
  'attendance.transferred',
  'attendance.closed',
  'attendance.reopened',
]);

/** `(alias.company_id, alias.<idCol>)` among the pairs given. */
const pairIn = (alias: string, idCol: string, pairs: readonly [number, number][]) => sql`
  (${sql.raw(`${alias}.company_id, ${alias}.${idCol}`)}) in (
    select * from unnest(${sql.param(pairs.map((p) => p[0]))}::int[], ${sql.param(pairs.map((p) => p[1]))}::bigint[]))`;

const uniquePairs = (pairs: [number, number][]) => [
  ...new Map(pairs.map((p) => [`${p[0]}|${p[1]}`, p])).values(),
];

async function rowsOf(tx: Tx, query: SQL): Promise<TBooking[]> {
  const r = await tx.execute<TSourceRow>(query);
  return r.rows.map((row) => toBooking(row));
}

/** operator.status_changed: online opens a session (if none is open), offline ends the open one. */
async function applySessions(tx: Tx, facts: readonly TStoredFact[]): Promise<[number, number][]> {
  const ended: [number, number][] = [];
  for (const f of facts) {
    if (f.name !== 'operator.status_changed') continue;
    const at = f.createdAt.toISOString();
    if (f.data.status === 'online') {
      await tx.execute(sql`
        insert into operator_sessions (company_id, user_id, started_at)
        values (${f.companyId}, ${f.data.user_id}, ${at}::timestamptz)
        on conflict (company_id, user_id) where ended_at is null do nothing`);
    } else {
      const r = await tx.execute<{ id: string | number }>(sql`
        update operator_sessions set ended_at = greatest(started_at, ${at}::timestamptz)
        where company_id = ${f.companyId} and user_id = ${f.data.user_id} and ended_at is null
        returning id`);
      for (const row of r.rows) ended.push([f.companyId, Number(row.id)]);
    }
  }
  return ended;
}

/**
 * One batch of facts into the rollups, read from the rows the facts name as they are now (booking.ts holds the
 * rules the recompute shares): openings, messages, counted transfers, ended pauses and sessions are added; each
 * attendance whose hands or closing changed gets its flow record rewritten, and its closing booking moves by the
 * difference (a reopening takes its closing back, a new closing books it). One upsert for the whole batch.
 */
export async function handleRollupFacts(tx: Tx, facts: readonly TStoredFact[]): Promise<void> {
  const opened: [number, number][] = [];
  const msgs: [number, number][] = [];
  const pauses: [number, number][] = [];
  const flows: [number, number][] = [];
  const transfers: { c: number; a: number; at: string; s: number; o: number | null; r: string }[] = [];
  for (const f of facts) {
    if (f.attendanceId !== null && FLOW_FACTS.has(f.name)) flows.push([f.companyId, f.attendanceId]);
    switch (f.name) {
      case 'attendance.opened':
        if (f.attendanceId !== null) opened.push([f.companyId, f.attendanceId]);
        break;
      case 'message.received':
      case 'message.sent':
        msgs.push([f.companyId, Number(f.data.message_id)]);
        break;
      case 'pause.ended':
        pauses.push([f.companyId, f.data.pause_id]);
        break;
      case 'attendance.assigned':
      case 'attendance.transferred':
        // The attendance_transfers row is written with the fact, in the same transaction: `at` is its now().
        if (
          f.attendanceId !== null &&
          (COUNTED_TRANSFER_REASONS as readonly string[]).includes(f.data.reason)
        )
          transfers.push({
            c: f.companyId,
            a: f.attendanceId,
            at: f.createdAt.toISOString(),
            s: f.name === 'attendance.transferred' ? f.data.to_sector_id : f.data.sector_id,
            o: f.data.to_operator_id,
            r: f.data.reason,
          });
        break;
    }
  }
  const bookings: TBooking[] = [];
  const sessions = await applySessions(tx, facts);
  if (opened.length)
    bookings.push(...(await rowsOf(tx, openedSource(pairIn('a', 'id', uniquePairs(opened))))));
  if (msgs.length) bookings.push(...(await rowsOf(tx, messageSource(pairIn('m', 'id', uniquePairs(msgs))))));
  if (pauses.length)
    bookings.push(...(await rowsOf(tx, pauseSource(pairIn('p', 'id', uniquePairs(pauses))))));
  if (sessions.length) bookings.push(...(await rowsOf(tx, sessionSource(pairIn('s', 'id', sessions)))));
  if (transfers.length) {
    const t = sql`(select * from unnest(
        ${sql.param(transfers.map((x) => x.c))}::int[], ${sql.param(transfers.map((x) => x.a))}::bigint[],
        ${sql.param(transfers.map((x) => x.at))}::timestamptz[], ${sql.param(transfers.map((x) => x.s))}::int[],
        ${sql.param(transfers.map((x) => x.o))}::int[], ${sql.param(transfers.map((x) => x.r))}::text[])
      as u(company_id, attendance_id, at, to_sector_id, to_operator_id, reason)) t`;
    bookings.push(...(await rowsOf(tx, transferSource(t, sql`true`))));
  }
  if (flows.length) {
    for (const { before, after } of await writeFlows(tx, pairIn('f', 'id', uniquePairs(flows)))) {
      if (JSON.stringify(before) === JSON.stringify(after)) continue;
      if (before) bookings.push(toBooking(before, -1));
      if (after) bookings.push(toBooking(after));
    }
  }
  await applyBookings(tx, bookings);
}

export function reportRollupsConsumer(db: Db, log?: (msg: string, err?: unknown) => void): DurableConsumer {
  return createDurableConsumer({
    db,
    name: REPORT_ROLLUPS_CONSUMER,
    log,
    handle: (tx, facts) => handleRollupFacts(tx, facts),
  });
}
