import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from './db';

const DAY_MS = 86_400_000;

/** UTC day of a date as `YYYYMMDD`, the suffix of its partition's name. */
export const dayKey = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');

const dayStart = (key: string) =>
  new Date(`${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}T00:00:00Z`);

/** A table partitioned by range of a timestamp column, one partition per UTC day plus a DEFAULT one. */
export type DayPartitioned = {
  table: string;
  /** The partition key. */
  column: string;
  /** Advisory lock of its upkeep: one node at a time. */
  lock: SQL;
  ahead: number;
  retentionDays: number;
  /** Why an old partition must stay for now (empty: it may go). */
  keep: (tx: Tx, partition: string) => Promise<string[]>;
  /** Deletes what may go of the DEFAULT partition's rows older than `cutoff`; answers how many. */
  pruneDefault: (tx: Tx, defaultPartition: SQLWrapper, cutoff: Date) => Promise<number>;
};

export type DayPartitionReport = {
  created: string[];
  dropped: string[];
  /** Old partitions kept, and why. */
  kept: { partition: string; because: string[] }[];
  prunedDefault: number;
  /** Steps that failed (a lock not granted in time, …); they are tried again on the next run. */
  errors: string[];
};

async function dayPartitions(db: Db | Tx, table: string): Promise<string[]> {
  const r = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${table}::regclass`);
  const own = new RegExp(`^${table}_\\d{8}$`);
  return r.rows.map((x) => x.name).filter((n) => own.test(n));
}

/**
 * One step under the upkeep's lock. A short lock_timeout: DDL on a partition waits for the parent's readers, and
 * writers queue behind a waiting DDL, so it gives up (and tries next time) rather than stall them.
 */
function step<T>(db: Db, lock: SQL, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lock})`);
    await tx.execute(sql`set local lock_timeout = '500ms'`);
    return work(tx);
  });
}

/**
 * Upkeep of a day-partitioned table: the partitions of today and `ahead` days after it (rows of that day that
 * fell into the DEFAULT partition move in first); partitions of days before the retention dropped unless `keep`
 * says why not; old rows of the DEFAULT partition pruned.
 */
export async function maintainDayPartitions(
  db: Db,
  t: DayPartitioned,
  now: Date = new Date(),
): Promise<DayPartitionReport> {
  const prefix = `${t.table}_`;
  const defaultPartition = sql.identifier(`${t.table}_default`);
  const report: DayPartitionReport = { created: [], dropped: [], kept: [], prunedDefault: 0, errors: [] };
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      report.errors.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  const today = dayStart(dayKey(now)).getTime();
  for (let i = 0; i <= t.ahead; i++) {
    const key = dayKey(new Date(today + i * DAY_MS));
    const name = `${prefix}${key}`;
    await attempt(`criar ${name}`, () =>
      step(db, t.lock, async (tx) => {
        if ((await dayPartitions(tx, t.table)).includes(name)) return;
        const from = dayStart(key).toISOString();
        const to = new Date(dayStart(key).getTime() + DAY_MS).toISOString();
        const partition = sql.identifier(name);
        const column = sql.identifier(t.column);
        await tx.execute(sql`create table ${partition} (like ${sql.identifier(t.table)} including defaults)`);
        await tx.execute(sql`
          with moved as (
            delete from ${defaultPartition}
            where ${column} >= ${from}::timestamptz and ${column} < ${to}::timestamptz
            returning *)
          insert into ${partition} select * from moved`);
        await tx.execute(
          sql`alter table ${sql.identifier(t.table)} attach partition ${partition} for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`,
        );
        report.created.push(name);
      }),
    );
  }

  const cutoff = new Date(today - t.retentionDays * DAY_MS);
  const old = (await dayPartitions(db, t.table))
    .filter((n) => n.slice(prefix.length) < dayKey(cutoff))
    .sort();
  for (const partition of old) {
    await attempt(`remover ${partition}`, () =>
      step(db, t.lock, async (tx) => {
        const because = await t.keep(tx, partition);
        if (because.length > 0) {
          report.kept.push({ partition, because });
          return;
        }
        await tx.execute(sql`drop table ${sql.identifier(partition)}`);
        report.dropped.push(partition);
      }),
    );
  }

  await attempt(`limpar ${t.table}_default`, () =>
    step(db, t.lock, async (tx) => {
      report.prunedDefault = await t.pruneDefault(tx, defaultPartition, cutoff);
    }),
  );
  return report;
}
