import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

// Send slots of a channel for a batch of recipients, on the same shared GCRA row as every other send of the channel
// (channels/outbound/rate.ts): `count` slots spaced exactly 1/rate apart, starting at the row's next free time, booked
// at most `horizonMs` ahead. Several nodes book from the same row, so together they never exceed the rate.

export type Slots =
  | { state: 'slots'; startsInMs: number; spacingMs: number; count: number }
  | { state: 'full'; count: 0; retryInMs: number };

export async function takeSlots(
  db: Db,
  channelId: number,
  perSecond: number,
  wanted: number,
  horizonMs = 1000,
): Promise<Slots> {
  const rate = Math.max(perSecond, 0.001);
  const spacing = 1000 / rate;
  const horizon = Math.max(spacing, horizonMs);
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into channel_rate (channel_id, tat) values (${channelId}, clock_timestamp())
      on conflict (channel_id) do nothing`);
    const r = await tx.execute<{ ahead_ms: number }>(sql`
      select extract(epoch from (greatest(tat, clock_timestamp()) - clock_timestamp())) * 1000 as ahead_ms
        from channel_rate where channel_id = ${channelId} for update`);
    const ahead = Math.max(0, Number(r.rows[0]?.ahead_ms ?? 0));
    // Slots whose time lies within the horizon: the first at `ahead`, then one every `spacing`.
    const fit = ahead < horizon ? Math.min(wanted, Math.ceil((horizon - ahead) / spacing)) : 0;
    if (fit <= 0)
      return {
        state: 'full' as const,
        count: 0 as const,
        retryInMs: Math.max(spacing, ahead - horizon + spacing),
      };
    await tx.execute(sql`
      update channel_rate
         set tat = greatest(tat, clock_timestamp()) + ${fit}::int * interval '1 second' / ${rate}::float8
       where channel_id = ${channelId}`);
    return { state: 'slots' as const, startsInMs: ahead, spacingMs: spacing, count: fit };
  });
}

/** Pushes the channel's next free time `ms` on (a pause every N messages; the provider asked to slow down). */
export async function holdChannel(db: Db, channelId: number, ms: number): Promise<void> {
  await db.execute(sql`
    insert into channel_rate (channel_id, tat) values (${channelId}, clock_timestamp() + ${ms}::int * interval '1 millisecond')
    on conflict (channel_id) do update
       set tat = greatest(channel_rate.tat, clock_timestamp()) + ${ms}::int * interval '1 millisecond'`);
}
