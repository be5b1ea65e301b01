import { sql } from 'drizzle-orm';
import { maintainDayPartitions } from '../../platform/day-partitions';
import type { Db } from '../../platform/db';

/** Days of inbox events kept (processed ones are only there for inspection). */
export const INBOX_RETENTION_DAYS = 3;

export type InboxPartitionReport = { created: string[]; dropped: string[]; kept: string[]; errors: string[] };

/**
 * Hourly upkeep of `channel_events` (task inbox.partitions): daily partitions 3 days ahead; partitions older
 * than the retention dropped unless an event in them is still unprocessed; old processed rows of the DEFAULT
 * partition deleted.
 */
export async function maintainInboxPartitions(
  db: Db,
  opts: { now?: Date; retentionDays?: number } = {},
): Promise<InboxPartitionReport> {
  const r = await maintainDayPartitions(
    db,
    {
      table: 'channel_events',
      column: 'received_at',
      lock: sql`727300, 2`,
      ahead: 3,
      retentionDays: opts.retentionDays ?? INBOX_RETENTION_DAYS,
      keep: async (tx, partition) => {
        const pending = await tx.execute(
          sql`select 1 from ${sql.identifier(partition)} where processed_at is null limit 1`,
        );
        return pending.rows.length > 0 ? ['eventos não processados'] : [];
      },
      pruneDefault: async (tx, defaultPartition, cutoff) => {
        const d = await tx.execute(sql`
          delete from ${defaultPartition}
          where received_at < ${cutoff.toISOString()}::timestamptz and processed_at is not null`);
        return d.rowCount ?? 0;
      },
    },
    opts.now,
  );
  return { created: r.created, dropped: r.dropped, kept: r.kept.map((k) => k.partition), errors: r.errors };
}
