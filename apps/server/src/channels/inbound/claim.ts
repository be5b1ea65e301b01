import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, Tx } from '../../platform/db';

// The inbox's claims (plan 0005 §3): rows are claimed under a lease (owner, until, attempts + 1), only when no
// earlier unprocessed row of their contact is leased or waiting for a retry, so each contact's events are
// handled in id order by one node at a time; each is marked processed, failed or released only while its lease
// is still ours. A killed node loses nothing: its leases expire and the rows are claimed again.

/** After this many claims an event is kept as processed with its error (dead), for inspection. */
export const MAX_ATTEMPTS = 10;
// How long a dead node's claim holds its contacts back: renewed every third of it while the claim is worked on.
export const LEASE_MS = 10_000;
// Claims run one at a time across nodes: a claim must see the leases of the one before it (they are short).
const CLAIM_LOCK = '727300, 1';

export type ClaimedEvent = {
  id: number;
  /** As PostgreSQL wrote it (text keeps its microseconds): with id, the row's primary key. */
  receivedAt: string;
  companyId: number;
  channelId: number;
  orderingKey: string;
  payload: unknown;
  attempts: number;
};

type Row = {
  id: string | number;
  received_at: string;
  company_id: number;
  channel_id: number;
  ordering_key: string;
  payload: unknown;
  attempts: number;
};

const OWNER = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * Claims up to `limit` events for `owner` (see above), oldest first. One round trip: the lock, the claim and
 * the commit are sent together as one simple query (hence the values written in it, checked first); the commit
 * does not wait for its flush, since a lease lost with a crash of the database only lets the rows be claimed
 * again. No bitmap scan: the pending-rows index keeps an entry for every processed row until a vacuum, and a
 * bitmap scan visits each one's heap page at every claim (7 ms after 30,000 rows, growing), where an index scan
 * skips the entries it has once found dead (0.1 ms).
 */
export async function claimEvents(
  db: Db,
  opts: { owner: string; limit: number; leaseMs?: number },
): Promise<ClaimedEvent[]> {
  const leaseMs = Math.trunc(opts.leaseMs ?? LEASE_MS);
  const limit = Math.trunc(opts.limit);
  if (!OWNER.test(opts.owner) || !(limit > 0) || !(leaseMs > 0)) throw new Error('reserva inválida');
  // drizzle(pool) keeps the pool as $client.
  const pool = (db as Db & { $client: pg.Pool }).$client;
  const results = (await pool.query(`
    begin;
    set local synchronous_commit = off;
    set local enable_bitmapscan = off;
    select pg_advisory_xact_lock(${CLAIM_LOCK});
    with candidates as (
      select e.received_at, e.id from channel_events e
      where e.processed_at is null and e.available_at <= now() and e.attempts < ${MAX_ATTEMPTS}
        and (e.lease_until is null or e.lease_until < now())
        and not exists (
          select 1 from channel_events p
          where p.processed_at is null and p.channel_id = e.channel_id and p.ordering_key = e.ordering_key
            and p.id < e.id and (p.lease_until >= now() or p.available_at > now()))
      order by e.id
      limit ${limit}
      for update skip locked)
    update channel_events c
    set lease_owner = '${opts.owner}', lease_until = now() + ${leaseMs} * interval '1 millisecond',
      attempts = c.attempts + 1
    from candidates k
    where c.received_at = k.received_at and c.id = k.id
    returning c.id, c.received_at::text as received_at, c.company_id, c.channel_id, c.ordering_key, c.payload,
      c.attempts;
    commit`)) as unknown as pg.QueryResult<Row>[];
  const rows = results.find((r) => r.command === 'UPDATE')?.rows ?? [];
  return rows
    .map((r) => ({
      id: Number(r.id),
      receivedAt: r.received_at,
      companyId: r.company_id,
      channelId: r.channel_id,
      orderingKey: r.ordering_key,
      payload: r.payload,
      attempts: r.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

const pk = (e: ClaimedEvent) => sql`received_at = ${e.receivedAt}::timestamptz and id = ${e.id}`;

/** Marks an event processed if its lease is still ours; false when another node has it now. */
export async function markDone(db: Db, owner: string, e: ClaimedEvent): Promise<boolean> {
  const r = await db.execute(sql`
    update channel_events set processed_at = now(), lease_until = null, error = null
    where ${pk(e)} and processed_at is null and lease_owner = ${owner}`);
  return (r.rowCount ?? 0) > 0;
}

/** A failed event waits 2^attempts seconds (its contact's later events wait behind it); dead after the last. */
export async function markFailed(db: Db, owner: string, e: ClaimedEvent, err: unknown) {
  const dead = e.attempts >= MAX_ATTEMPTS;
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
  await db.execute(sql`
    update channel_events set lease_owner = null, lease_until = null, error = ${message},
      available_at = now() + ${2 ** Math.min(e.attempts, 16)}::int * interval '1 second',
      processed_at = ${dead ? sql`now()` : sql`null`}
    where ${pk(e)} and processed_at is null and lease_owner = ${owner}`);
}

/** Events claimed but not started (an earlier one of their contact failed): free again, the claim not counted. */
export async function release(db: Db, owner: string, events: ClaimedEvent[]) {
  for (const e of events) {
    await db.execute(sql`
      update channel_events set lease_owner = null, lease_until = null, attempts = greatest(attempts - 1, 0)
      where ${pk(e)} and processed_at is null and lease_owner = ${owner}`);
  }
}

/** Keeps the leases of a long claim (files being fetched) from expiring while it is still worked on. */
export async function renewLeases(db: Db, owner: string, events: ClaimedEvent[], leaseMs: number) {
  await db.execute(sql`
    update channel_events set lease_until = now() + ${leaseMs}::int * interval '1 millisecond'
    where id = any(${sql.param(events.map((e) => e.id))}::bigint[])
      and received_at = any(${sql.param(events.map((e) => e.receivedAt))}::timestamptz[])
      and processed_at is null and lease_owner = ${owner}`);
}

/** Marks the events handled whole by the batch processed in one statement, while their leases are ours. */
export async function markAllDone(db: Db | Tx, owner: string, events: ClaimedEvent[]) {
  if (events.length === 0) return;
  await db.execute(sql`
    update channel_events c set processed_at = now(), lease_until = null, error = null
    from unnest(${sql.param(events.map((e) => e.receivedAt))}::timestamptz[],
      ${sql.param(events.map((e) => e.id))}::bigint[]) as k(received_at, id)
    where c.received_at = k.received_at and c.id = k.id and c.processed_at is null and c.lease_owner = ${owner}`);
}
