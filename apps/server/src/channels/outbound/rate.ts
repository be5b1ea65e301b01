import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

// The send rate of a channel, shared by every node: GCRA on one row per channel (plan 0005 §4). `tat` is the
// theoretical arrival time of the next send; each slot moves it 1/rate on, from now when it lies in the past.
// Slots are handed out at most `horizonMs` ahead (a second by default, so a request never waits long holding a
// message; a job may book further and wait for its slot instead of coming back), and they are spaced exactly
// 1/rate apart whichever node takes them: no burst, no per-node bucket.

export type RateSlot =
  /** The slot is ours: send after waiting `waitMs`. */
  | { state: 'slot'; waitMs: number }
  /** The horizon is taken: ask again in `retryInMs` (the backlog ahead of us). */
  | { state: 'full'; retryInMs: number };

/** Takes the next send slot of a channel at `perSecond` sends a second, if it is less than `horizonMs` away. */
export async function takeRateSlot(
  db: Db,
  channelId: number,
  perSecond: number,
  horizonMs = 1000,
): Promise<RateSlot> {
  const rate = Math.max(perSecond, 0.001);
  const horizon = Math.max(1000, Math.trunc(horizonMs));
  const take = () =>
    db.execute<{ wait_ms: number }>(sql`
      update channel_rate
         set tat = greatest(tat, clock_timestamp()) + interval '1 second' / ${rate}::float8
       where channel_id = ${channelId} and tat < clock_timestamp() + ${horizon}::int * interval '1 millisecond'
      returning greatest(0, extract(epoch from (tat - interval '1 second' / ${rate}::float8 - clock_timestamp())) * 1000)::float8 as wait_ms`);
  let r = await take();
  if (r.rows.length === 0) {
    // The channel's first send creates its row; otherwise the horizon is already taken.
    const created = await db.execute(sql`
      insert into channel_rate (channel_id, tat) values (${channelId}, clock_timestamp())
      on conflict (channel_id) do nothing returning 1`);
    if (created.rows.length > 0) r = await take();
  }
  const got = r.rows[0];
  if (got) return { state: 'slot', waitMs: Number(got.wait_ms) };
  const ahead = await db.execute<{ ms: number }>(sql`
    select greatest(0, extract(epoch from (tat - ${horizon}::int * interval '1 millisecond' - clock_timestamp())) * 1000)::float8 as ms
      from channel_rate where channel_id = ${channelId}`);
  // At least one slot's length: waiters of a full channel ask again at its pace, not in a loop.
  return { state: 'full', retryInMs: Math.max(1000 / rate, Number(ahead.rows[0]?.ms ?? 0)) };
}
