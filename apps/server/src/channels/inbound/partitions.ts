import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';

/** Days of inbox events kept (processed ones are only there for inspection). */
export const INBOX_RETENTION_DAYS = 3;
const AHEAD = 3;
const LOCK = sql`727300, 2`;
const PREFIX = 'channel_events_';
const DEFAULT_PARTITION = 'channel_events_default';
const DAY_MS = 86_400_000;

const dayKey = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
const dayStart = (key: string) =>
  new Date(`${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}T00:00:00Z`);

async function dayPartitions(db: Db | Tx): Promise<string[]> {
  const r = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'channel_events'::regclass`);
  return r.rows.map((x) => x.name).filter((n) => /^channel_events_\d{8}$/.test(n));
}

/** Under the maintenance lock, with a short lock_timeout: DDL gives up (tries next hour) rather than stall writers. */
function step<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    await tx.execute(sql`set local lock_timeout = '500ms'`);
    return work(tx);
  });
}

export type InboxPartitionReport = { created: string[]; dropped: string[]; kept: string[]; errors: string[] };

/**
 * Hourly upkeep of `channel_events` (task inbox.partitions): daily partitions `AHEAD` days ahead (rows of that
 * day that fell into the DEFAULT partition move in first); partitions older than the retention dropped unless an
 * event in them is still unprocessed; old processed rows of the DEFAULT partition deleted.
 */
export async function maintainInboxPartitions(
  db: Db,
  opts: { now?: Date; retentionDays?: number } = {},
): Promise<InboxPartitionReport> {
  const now = opts.now ?? new Date();
  const retention = opts.retentionDays ?? INBOX_RETENTION_DAYS;
  const report: InboxPartitionReport = { created: [], dropped: [], kept: [], errors: [] };
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      report.errors.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const today = dayStart(dayKey(now)).getTime();
  for (let i = 0; i <= AHEAD; i++) {
    const key = dayKey(new Date(today + i * DAY_MS));
    const name = `${PREFIX}${key}`;
    await attempt(`criar ${name}`, () =>
      step(db, async (tx) => {
        if ((await dayPartitions(tx)).includes(name)) return;
        const from = dayStart(key).toISOString();
        const to = new Date(dayStart(key).getTime() + DAY_MS).toISOString();
        const table = sql.identifier(name);
        await tx.execute(sql`create table ${table} (like channel_events including defaults)`);
        await tx.execute(sql`
          with moved as (
            delete from ${sql.identifier(DEFAULT_PARTITION)}
            where received_at >= ${from}::timestamptz and received_at < ${to}::timestamptz
            returning *)
          insert into ${table} select * from moved`);
        await tx.execute(
          sql`alter table channel_events attach partition ${table} for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`,
        );
        report.created.push(name);
      }),
    );
  }
  const cutoff = new Date(today - retention * DAY_MS);
  const old = (await dayPartitions(db)).filter((n) => n.slice(PREFIX.length) < dayKey(cutoff)).sort();
  for (const partition of old) {
    await attempt(`remover ${partition}`, () =>
      step(db, async (tx) => {
        const pending = await tx.execute(
          sql`select 1 from ${sql.identifier(partition)} where processed_at is null limit 1`,
        );
        if (pending.rows.length > 0) {
          report.kept.push(partition);
          return;
        }
        await tx.execute(sql`drop table ${sql.identifier(partition)}`);
        report.dropped.push(partition);
      }),
    );
  }
  await attempt(`limpar ${DEFAULT_PARTITION}`, () =>
    step(db, async (tx) => {
      await tx.execute(sql`
        delete from ${sql.identifier(DEFAULT_PARTITION)}
        where received_at < ${cutoff.toISOString()}::timestamptz and processed_at is not null`);
    }),
  );
  return report;
}
