import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db';

export const FACTS_RETENTION_DAYS = 7;
export const FACT_PARTITIONS_AHEAD = 3;

const LOCK = sql`727200, 1`;
const PREFIX = 'domain_events_';
const DEFAULT_PARTITION = 'domain_events_default';
const DAY_MS = 86_400_000;

/** UTC day of a date as `YYYYMMDD`, the suffix of its partition's name. */
function dayKey(d: Date): string {
  return d.toISOString().slice(0, 10).replaceAll('-', '');
}

function dayStart(key: string): Date {
  return new Date(`${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}T00:00:00Z`);
}

async function dayPartitions(db: Db | Tx): Promise<string[]> {
  const r = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'domain_events'::regclass`);
  return r.rows.map((x) => x.name).filter((n) => /^domain_events_\d{8}$/.test(n));
}

/**
 * One step under the maintenance lock. A short lock_timeout: DDL on a partition waits for the parent's readers,
 * and writers queue behind a waiting DDL, so it gives up (and tries next time) rather than stall them.
 */
function step<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    await tx.execute(sql`set local lock_timeout = '500ms'`);
    return work(tx);
  });
}

/**
 * The partition of one UTC day. Facts of that day that fell into the DEFAULT partition (no partition existed
 * yet) move into it, so it can be attached.
 */
async function createDayPartition(tx: Tx, key: string): Promise<boolean> {
  if ((await dayPartitions(tx)).includes(`${PREFIX}${key}`)) return false;
  const from = dayStart(key).toISOString();
  const to = new Date(dayStart(key).getTime() + DAY_MS).toISOString();
  const table = sql.identifier(`${PREFIX}${key}`);
  await tx.execute(sql`create table ${table} (like domain_events including defaults)`);
  await tx.execute(sql`
    with moved as (
      delete from ${sql.identifier(DEFAULT_PARTITION)}
      where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
      returning *
    )
    insert into ${table} select * from moved`);
  await tx.execute(
    sql`alter table domain_events attach partition ${table} for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`,
  );
  return true;
}

/** A fact of `e` that consumer `c` has not read: its cursor's snapshot does not see the fact's transaction. */
const UNREAD = sql`e.tx >= pg_snapshot_xmin(c.snapshot::pg_snapshot)
  and not pg_visible_in_snapshot(e.tx, c.snapshot::pg_snapshot)`;

/** Consumers whose cursor has not passed every fact of a partition (a consumer amid a page counts as behind). */
async function consumersBehind(tx: Tx, partition: string): Promise<string[]> {
  const r = await tx.execute<{ name: string }>(sql`
    select c.name from fact_consumers c
    where exists (select 1 from ${sql.identifier(partition)} e where ${UNREAD})
    order by c.name`);
  return r.rows.map((x) => x.name);
}

export type PartitionReport = {
  created: string[];
  dropped: string[];
  /** Old partitions kept because a consumer has not processed them yet. */
  blocked: { partition: string; consumers: string[] }[];
  /** Old facts deleted from the DEFAULT partition. */
  prunedDefault: number;
  /** Steps that failed (a lock not granted in time, …); they are tried again on the next run. */
  errors: string[];
};

/**
 * Hourly maintenance of `domain_events`: daily partitions `ahead` days ahead; partitions of days older than
 * `retentionDays` dropped, but only once every durable consumer's cursor is past all their facts.
 */
export async function maintainFactPartitions(
  db: Db,
  opts: { now?: Date; ahead?: number; retentionDays?: number } = {},
): Promise<PartitionReport> {
  const now = opts.now ?? new Date();
  const ahead = opts.ahead ?? FACT_PARTITIONS_AHEAD;
  const retention = opts.retentionDays ?? FACTS_RETENTION_DAYS;
  const report: PartitionReport = { created: [], dropped: [], blocked: [], prunedDefault: 0, errors: [] };
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      report.errors.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  const today = dayStart(dayKey(now)).getTime();
  for (let i = 0; i <= ahead; i++) {
    const key = dayKey(new Date(today + i * DAY_MS));
    await attempt(`criar ${PREFIX}${key}`, async () => {
      if (await step(db, (tx) => createDayPartition(tx, key))) report.created.push(`${PREFIX}${key}`);
    });
  }

  // Days before this one are past retention.
  const cutoff = new Date(today - retention * DAY_MS);
  const old = (await dayPartitions(db)).filter((n) => n.slice(PREFIX.length) < dayKey(cutoff)).sort();
  for (const partition of old) {
    await attempt(`remover ${partition}`, () =>
      step(db, async (tx) => {
        const behind = await consumersBehind(tx, partition);
        if (behind.length > 0) {
          report.blocked.push({ partition, consumers: behind });
          return;
        }
        // Consumers only move forward, and no transaction writes facts dated that far back.
        await tx.execute(sql`drop table ${sql.identifier(partition)}`);
        report.dropped.push(partition);
      }),
    );
  }

  await attempt(`limpar ${DEFAULT_PARTITION}`, () =>
    step(db, async (tx) => {
      const r = await tx.execute(sql`
        delete from ${sql.identifier(DEFAULT_PARTITION)} e
        where e.created_at < ${cutoff.toISOString()}::timestamptz
          and not exists (select 1 from fact_consumers c where ${UNREAD})`);
      report.prunedDefault = r.rowCount ?? 0;
    }),
  );
  return report;
}
