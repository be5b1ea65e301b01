import { sql } from 'drizzle-orm';
import { maintainDayPartitions } from '../platform/day-partitions';
import type { Db, Tx } from '../platform/db';

export const FACTS_RETENTION_DAYS = 7;
export const FACT_PARTITIONS_AHEAD = 3;

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
 * `retentionDays` dropped, but only once every durable consumer's cursor is past all their facts (consumers only
 * move forward, and no transaction writes facts dated that far back).
 */
export async function maintainFactPartitions(
  db: Db,
  opts: { now?: Date; ahead?: number; retentionDays?: number } = {},
): Promise<PartitionReport> {
  const r = await maintainDayPartitions(
    db,
    {
      table: 'domain_events',
      column: 'created_at',
      lock: sql`727200, 1`,
      ahead: opts.ahead ?? FACT_PARTITIONS_AHEAD,
      retentionDays: opts.retentionDays ?? FACTS_RETENTION_DAYS,
      keep: consumersBehind,
      pruneDefault: async (tx, defaultPartition, cutoff) => {
        const d = await tx.execute(sql`
          delete from ${defaultPartition} e
          where e.created_at < ${cutoff.toISOString()}::timestamptz
            and not exists (select 1 from fact_consumers c where ${UNREAD})`);
        return d.rowCount ?? 0;
      },
    },
    opts.now,
  );
  return {
    created: r.created,
    dropped: r.dropped,
    blocked: r.kept.map((k) => ({ partition: k.partition, consumers: k.because })),
    prunedDefault: r.prunedDefault,
    errors: r.errors,
  };
}
