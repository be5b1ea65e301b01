import { and, eq, inArray, isNotNull, like, max, or } from 'drizzle-orm';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import type { Db } from '../../platform/db';
import type { SessionRef } from './leases';

// What we stored of one WhatsApp chat of a number (reconcile.ts compares it with what WhatsApp reports): the
// newest message WhatsApp knows (a customer's, or ours once sent), and whether any of the reported ones is here.

export type StoredChat = {
  /** When the newest message of the chat that WhatsApp knows was sent (ms), null when we have none. */
  newestAt: number | null;
  /** Whether one of the messages WhatsApp reported (by its id) is stored already. */
  anyReported: boolean;
};

export async function storedChat(db: Db, ref: SessionRef, phone: string, ids: string[]): Promise<StoredChat> {
  const ofThisChat = and(
    eq(messages.companyId, ref.companyId),
    eq(attendances.channelKind, 'waweb'),
    eq(attendances.channelId, ref.channelId),
    eq(contacts.externalId, phone),
  );
  const joined = () =>
    db
      .select({ newestAt: max(messages.sentAt) })
      .from(messages)
      .innerJoin(
        attendances,
        and(eq(attendances.companyId, messages.companyId), eq(attendances.id, messages.attendanceId)),
      )
      .innerJoin(
        contacts,
        and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
      );
  // Messages WhatsApp knows: those it brought (our id `waweb:…`) and ours it took (its id kept); an operator's
  // message not sent yet says nothing of what WhatsApp has.
  const [newest] = await joined().where(
    and(
      ofThisChat,
      or(like(messages.messageId, `waweb:${ref.channelId}:%`), isNotNull(messages.providerMessageId)),
    ),
  );
  const [reported] =
    ids.length > 0
      ? await joined().where(
          and(
            ofThisChat,
            or(
              inArray(messages.providerMessageId, ids),
              inArray(
                messages.messageId,
                ids.map((id) => `waweb:${ref.channelId}:${id}`),
              ),
            ),
          ),
        )
      : [];
  return {
    newestAt: newest?.newestAt ? newest.newestAt.getTime() : null,
    anyReported: Boolean(reported?.newestAt),
  };
}
