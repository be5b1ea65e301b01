import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
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
