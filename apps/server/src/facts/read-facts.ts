import type { TFact, TFactName } from '@prosa/shared/facts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db';

/**
 * Where a reader is: the last fact it read, by (transaction id, id), and that fact's created_at, which bounds the
 * partitions the next read looks at. `tx` is an xid8 as text.
 */
export type TFactCursor = { tx: string; id: number; at: Date };

/** A fact as stored: the catalogue's fields plus its id, transaction and time. */
export type TStoredFact<N extends TFactName = TFactName> = N extends TFactName
  ? {
      id: number;
      tx: string;
      createdAt: Date;
      name: N;
      companyId: number;
      attendanceId: number | null;
      actorUserId: number | null;
      data: TFact<N>['data'];
    }
  : never;

export const FACT_BATCH = 1000;

// A fact read after another was written by a transaction that got its id later; the later one started at most
// this long before the earlier one's creation, unless it ran for longer than this.
const FLOOR_SLACK = sql`interval '1 hour'`;

type Row = {
  id: string;
  tx: string;
  created_at: Date | string;
  company_id: number;
  name: TFactName;
  attendance_id: string | null;
  actor_user_id: number | null;
  data: unknown;
};

function toFact(r: Row): TStoredFact {
  return {
    id: Number(r.id),
    tx: r.tx,
    createdAt: new Date(r.created_at),
    name: r.name,
    companyId: r.company_id,
    attendanceId: r.attendance_id === null ? null : Number(r.attendance_id),
    actorUserId: r.actor_user_id,
    data: r.data,
  } as TStoredFact;
}

/**
 * The facts after `cursor`, in (tx, id) order, up to `limit`, and the cursor after them.
 *
 * Ids are taken before commit, so "id > cursor" would pass a slow transaction that commits after a reader
 * moved on. Instead facts are ordered by their transaction id and only facts of transactions below the
 * snapshot's horizon (xmin) are read: every transaction below it has ended, so nothing can later appear before
 * the cursor. A transaction still running (in any database of the cluster) holds back the facts of later ones
 * until it ends; `heldBack` says committed facts wait behind it, so the reader should look again shortly: the
 * end of that transaction may notify no one.
 */
export async function readFactsAfter(
  db: Db | Tx,
  cursor: TFactCursor,
  limit: number = FACT_BATCH,
): Promise<{ facts: TStoredFact[]; cursor: TFactCursor; heldBack: boolean }> {
  const r = await db.execute<Row & { ready: boolean }>(sql`
    with h as (select pg_snapshot_xmin(pg_current_snapshot()) as horizon)
    select e.id, e.tx::text as tx, e.created_at, e.company_id, e.name, e.attendance_id, e.actor_user_id, e.data,
      e.tx < h.horizon as ready
    from domain_events e, h
    where (e.tx, e.id) > (${cursor.tx}::xid8, ${cursor.id}::bigint)
      and e.created_at > ${cursor.at.toISOString()}::timestamptz - ${FLOOR_SLACK}
    order by e.tx, e.id
    limit ${limit}`);
  // Rows come in tx order: the ready ones are a prefix, and the cursor must not pass the first one held back.
  const held = r.rows.findIndex((row) => !row.ready);
  const ready = held < 0 ? r.rows : r.rows.slice(0, held);
  const facts = ready.map(toFact);
  const last = facts.at(-1);
  return {
    facts,
    cursor: last ? { tx: last.tx, id: last.id, at: last.createdAt } : cursor,
    heldBack: ready.length < r.rows.length,
  };
}

/**
 * A cursor at the present: the next read returns the facts of every transaction still running or committed
 * after the horizon, and nothing older. A realtime node starts here when it boots.
 */
export async function headCursor(db: Db | Tx): Promise<TFactCursor> {
  const r = await db.execute<{ tx: string; at: Date | string }>(
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as tx, now() as at`,
  );
  const row = r.rows[0];
  if (!row) throw new Error('sem resposta do banco ao ler o horizonte de transações');
  return { tx: row.tx, id: 0, at: new Date(row.at) };
}
