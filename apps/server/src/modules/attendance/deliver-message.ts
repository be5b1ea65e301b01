import type { TCard, TMessage } from '@prosa/shared/attendance';
import { and, eq } from 'drizzle-orm';
import type { ChannelRegistry } from '../../channels/registry';
import { type contacts, messages } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps } from '../../platform/deps';
import { type MessageRow, type QuotedInfo, toMessage } from './card';

/**
 * Hands a stored outgoing message to its channel after commit, then records and announces the delivery
 * state. The stored message is the record whatever the channel answers (an error shows as Error).
 */
export async function deliverMessage(
  deps: Pick<AppDeps, 'db' | 'events'> & { channels: ChannelRegistry },
  input: {
    card: TCard;
    stored: MessageRow;
    contact: typeof contacts.$inferSelect;
    quoted?: QuotedInfo;
  },
): Promise<TMessage> {
  const { card, stored, contact } = input;
  const adapter = deps.channels.get(card.channel_kind);
  const sent = adapter
    ? await adapter
        .send({
          companyId: stored.companyId,
          channelId: card.channel_id,
          contactExternalId: contact.externalId,
          contactData: contact.data,
          text: stored.text,
          attachments: stored.attachments,
          messageId: stored.messageId,
          stored: toMessage(stored, input.quoted ?? null),
        })
        .catch((err: unknown) => ({
          state: 'error' as const,
          error: err instanceof Error ? err.message : String(err),
        }))
    : { state: 'error' as const, error: 'canal indisponível' };
  const final = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({
        delivery: sent.state,
        error: sent.state === 'error' ? (sent.error ?? null) : null,
        // The provider's id (WhatsApp's wamid): its delivery statuses find the message by it.
        ...('externalId' in sent && sent.externalId
          ? { metadata: { ...stored.metadata, wamid: sent.externalId } }
          : {}),
      })
      .where(and(eq(messages.companyId, stored.companyId), eq(messages.id, stored.id)))
      .returning();
    if (row) {
      await writeFacts(tx, [
        {
          companyId: row.companyId,
          attendanceId: row.attendanceId,
          name: 'delivery.updated',
          data: { message_id: row.id, delivery: row.delivery },
        },
      ]);
    }
    return row;
  });
  const message = toMessage(final ?? stored, input.quoted ?? null);
  deps.events.emit('message:updated', { companyId: stored.companyId, card, message });
  return message;
}
