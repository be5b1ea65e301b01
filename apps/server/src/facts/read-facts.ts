import type { TFact, TFactName } from '@prosa/shared/facts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db';

/**
 * Where a reader is: every fact of a transaction that `snapshot` sees has been read, and no other one yet,
 * except those of a read cut by its limit (`page`). `snapshot` is a pg_snapshot as text, `page.tx` an xid8 as text.
 * `floor`: no fact that `snapshot` does not see was created before it, so the partitions before it are skipped.
 */
export type TFactCursor = {
  snapshot: string;
  floor: Date;
  /** A read cut by its limit: the snapshot it reads up to, that snapshot's floor, and the last fact returned. */
  page: { snapshot: string; floor: Date; tx: string; id: number } | null;
};

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

/**
 * The current snapshot, as the target of a read, and its floor.
 *
 * A reader inside a transaction that has a transaction id (a durable consumer holding its cursor row) is not in
 * its own snapshot's running list, so the snapshot would count it as ended and its own facts as read: it is added
 * to the list, and they are read once it commits.
 *
 * created_at is the writing transaction's start (now()). A transaction the snapshot does not see either is
 * running or starts after it: the floor is the start of the oldest transaction open in this database (the ones
 * this role may see), and at most an hour before now for those it may not (other roles, prepared transactions).
 */
const CURRENT = sql`
  select
    case when c.me is null or c.me >= pg_snapshot_xmax(c.cur) then c.cur
    else (least(pg_snapshot_xmin(c.cur), c.me)::text || ':' || pg_snapshot_xmax(c.cur)::text || ':' || (
      select string_agg(x::text, ',' order by x) from (select pg_snapshot_xip(c.cur) union select c.me) u(x)
    ))::pg_snapshot end as snap,
    least(now() - interval '1 hour', (
      select min(a.xact_start) from pg_stat_activity a
      where a.datname = current_database() and a.backend_type = 'client backend'
    )) as floor
  from (select pg_current_snapshot() as cur, pg_current_xact_id_if_assigned() as me) c`;

type Row = {
  id: string | null;
  tx: string;
  created_at: Date | string;
  company_id: number;
  name: TFactName;
  attendance_id: string | null;
  actor_user_id: number | null;
  data: unknown;
};

type ReadRow = Row & { snap: string; next_floor: Date | string };

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
 * Ids are taken before commit, so "id > cursor" would pass a slow transaction that commits after a reader moved
 * on. Instead a read takes the current snapshot S and returns the facts of the transactions S sees and the
 * cursor's snapshot did not: each fact as soon as its transaction committed, whatever else is still running
 * (in any database of the cluster), and once, since a transaction seen by one snapshot is seen by every later
 * one. A read cut by `limit` keeps S and continues after its last (tx, id); the cursor moves to S once S is done.
 */
export async function readFactsAfter(
  db: Db | Tx,
  cursor: TFactCursor,
  limit: number = FACT_BATCH,
): Promise<{ facts: TStoredFact[]; cursor: TFactCursor }> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limite de leitura de fatos inválido: ${limit}`);
  const { page } = cursor;
  const target: SQL = page
    ? sql`select ${page.snapshot}::pg_snapshot as snap, ${page.floor.toISOString()}::timestamptz as floor`
    : CURRENT;
  const after = page ? sql`and (e.tx, e.id) > (${page.tx}::xid8, ${page.id}::bigint)` : sql``;
  const prev = sql`${cursor.snapshot}::pg_snapshot`;
  // S is computed once (materialized), not per row; one more than the limit says whether S has more facts.
  const r = await db.execute<ReadRow>(sql`
    with s as materialized (${target})
    select s.snap::text as snap, s.floor as next_floor, f.id, f.tx, f.created_at, f.company_id, f.name,
      f.attendance_id, f.actor_user_id, f.data
    from s left join lateral (
      select e.id, e.tx as tx8, e.tx::text as tx, e.created_at, e.company_id, e.name, e.attendance_id,
        e.actor_user_id, e.data
      from domain_events e
      where e.tx >= pg_snapshot_xmin(${prev}) and e.tx < pg_snapshot_xmax(s.snap)
        and pg_visible_in_snapshot(e.tx, s.snap) and not pg_visible_in_snapshot(e.tx, ${prev})
        and e.created_at >= ${cursor.floor.toISOString()}::timestamptz
        ${after}
      order by e.tx, e.id
      limit ${limit + 1}
    ) f on true
    order by f.tx8, f.id`);
  const head = r.rows[0];
  if (!head) throw new Error('sem resposta do banco ao ler fatos');
  const rows = r.rows.filter((row) => row.id !== null);
  const facts = rows.slice(0, limit).map(toFact);
  const last = facts.at(-1);
  const next: TFactCursor =
    rows.length > limit && last
      ? {
          snapshot: cursor.snapshot,
          floor: cursor.floor,
          page: { snapshot: head.snap, floor: new Date(head.next_floor), tx: last.tx, id: last.id },
        }
      : { snapshot: head.snap, floor: new Date(head.next_floor), page: null };
  return { facts, cursor: next };
}

/**
 * A cursor at the present: the next read returns the facts of every transaction still running or started
 * after now, and nothing older. A realtime node starts here when it boots.
 */
export async function headCursor(db: Db | Tx): Promise<TFactCursor> {
  const r = await db.execute<{ snap: string; floor: Date | string }>(
    sql`select s.snap::text as snap, s.floor from (${CURRENT}) s`,
  );
  const row = r.rows[0];
  if (!row) throw new Error('sem resposta do banco ao ler o instantâneo de transações');
  return { snapshot: row.snap, floor: new Date(row.floor), page: null };
}
