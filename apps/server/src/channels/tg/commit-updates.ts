import { sql } from 'drizzle-orm';
import { channelPollCursors } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { stripNul } from '../../platform/refuse-nul';
import { wakeAfterCommit } from '../../platform/wake';
import { INBOX_CHANNEL } from '../inbound/accept';
import { split } from './inbound';

// Updates taken by getUpdates go into the inbox (channel_events, as a webhook's do) and the channel's cursor
// moves past them in the same transaction: after a crash either both are there or neither is (Telegram gives
// the updates again until an offset confirms them), so none is lost and none is taken twice.

type Update = { update_id?: unknown };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (s: string) => s.replace(LONE_SURROGATE, '\uFFFD');

/** Texts as jsonb takes them: no NUL, no lone surrogate (Telegram's JSON may escape either). */
function storable(value: unknown): unknown {
  const clean = (v: unknown): unknown => {
    if (typeof v === 'string') return wellFormed(v);
    if (Array.isArray(v)) return v.map(clean);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [wellFormed(k), clean(x)]));
    return v;
  };
  return clean(stripNul(value));
}

export const lastUpdateId = (updates: readonly Update[]) =>
  updates.reduce((max, u) => (typeof u.update_id === 'number' && u.update_id > max ? u.update_id : max), -1);

/** The channel's next getUpdates offset (null: none taken yet). */
export async function readCursor(db: Db, channelId: number): Promise<number | null> {
  const rows = await db
    .select({ cursor: channelPollCursors.cursor })
    .from(channelPollCursors)
    .where(sql`${channelPollCursors.channelId} = ${channelId}`);
  const n = Number(rows[0]?.cursor);
  return rows[0] && Number.isSafeInteger(n) ? n : null;
}

/** Stores the updates' messages in the inbox and the offset after the last one, in one transaction. */
export async function commitUpdates(
  db: Db,
  ch: { companyId: number; id: number },
  updates: readonly Update[],
): Promise<number | null> {
  const last = lastUpdateId(updates);
  if (last < 0) return null;
  const rows = updates.flatMap((u) => split(storable(u)));
  const next = String(last + 1);
  await db.transaction(async (tx) => {
    if (rows.length > 0) {
      await tx.execute(sql`
        insert into channel_events (company_id, channel_id, ordering_key, payload)
        select ${ch.companyId}, ${ch.id}, k, p from unnest(
          ${sql.param(rows.map((r) => r.orderingKey))}::text[],
          ${sql.param(rows.map((r) => JSON.stringify(r.payload)))}::jsonb[]) as t(k, p)`);
      if (!wakeAfterCommit(tx, INBOX_CHANNEL)) await tx.execute(sql`select pg_notify(${INBOX_CHANNEL}, '')`);
    }
    await tx
      .insert(channelPollCursors)
      .values({ companyId: ch.companyId, channelId: ch.id, cursor: next })
      .onConflictDoUpdate({
        target: channelPollCursors.channelId,
        set: { cursor: next, updatedAt: new Date() },
        // Never backwards (a late poll of a node that lost its lock).
        setWhere: sql`${channelPollCursors.cursor}::bigint < ${next}::bigint`,
      });
  });
  return last + 1;
}
