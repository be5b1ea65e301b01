import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { MetaEntry } from '../../channels/meta/messaging';
import type { OpenChannel } from '../../channels/port';
import type { ChannelRepository } from '../../channels/repository';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';

// The look-ups of the app-level Meta webhook: the live channel a page or Instagram account id names, and the
// ids of our messages a Messenger read watermark covers.

/** The live channel of this kind whose route key is the id (one per kind and id on the platform), or null. */
export async function channelByRouteKey(
  deps: { db: Db; channelRepository: ChannelRepository },
  kind: 'fa' | 'insta',
  routeKey: string,
): Promise<OpenChannel | null> {
  const [row] = await deps.db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.kind, kind), eq(channels.routeKey, routeKey), isNull(channels.deletedAt)))
    .limit(1);
  if (!row) return null;
  const ch = await deps.channelRepository.findById(row.id);
  return ch && ch.deletedAt === null && ch.kind === kind ? ch : null;
}

/**
 * Messenger says "read up to this time" (a watermark), not which messages: the ids Meta gave our messages to
 * this person sent up to then and not yet read, so the inbox can mark each one Read.
 */
export async function midsUpTo(db: Db, ch: OpenChannel, psid: string, watermark: number): Promise<string[]> {
  const rows = await db
    .select({ mid: messages.providerMessageId })
    .from(messages)
    .innerJoin(
      attendances,
      and(eq(attendances.companyId, messages.companyId), eq(attendances.id, messages.attendanceId)),
    )
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .where(
      and(
        eq(messages.companyId, ch.companyId),
        eq(contacts.channelId, ch.id),
        eq(contacts.externalId, psid),
        eq(messages.senderType, 1),
        sql`${messages.providerMessageId} is not null`,
        inArray(messages.delivery, ['sent', 'delivered']),
        lte(messages.sentAt, new Date(watermark)),
      ),
    )
    .limit(500);
  return rows.flatMap((r) => (r.mid ? [r.mid] : []));
}

/**
 * The ids among these that name our messages on this channel's company: a tick for a message we did not send (one
 * sent from the page's inbox or the Instagram app) would otherwise wait in the inbox for a message that never
 * comes, holding that person's later events.
 */
export async function oursAmong(db: Db, ch: OpenChannel, mids: string[]): Promise<string[]> {
  if (mids.length === 0) return [];
  const rows = await db
    .select({ mid: messages.providerMessageId })
    .from(messages)
    .where(
      and(eq(messages.companyId, ch.companyId), inArray(messages.providerMessageId, mids.slice(0, 500))),
    );
  const ours = new Set(rows.map((r) => r.mid));
  return mids.filter((m) => ours.has(m));
}

/** Reads and deliveries of an entry rewritten to name only our messages (a read watermark: the ids it covers). */
export async function onlyOurTicks(db: Db, ch: OpenChannel, entry: MetaEntry): Promise<void> {
  for (const ev of entry.messaging) {
    if (ev.read) {
      const { watermark, mid, mids } = ev.read;
      ev.read = {
        mids:
          watermark !== undefined && !mid && !mids
            ? await midsUpTo(db, ch, ev.sender.id, watermark)
            : await oursAmong(db, ch, [...(mids ?? []), ...(mid ? [mid] : [])]),
      };
    }
    if (ev.delivery) ev.delivery = { mids: await oursAmong(db, ch, ev.delivery.mids ?? []) };
  }
}
