import { ZStoredAttachment } from '@prosa/shared/attachments';
import type { TCard, TMessage } from '@prosa/shared/attendance';
import { and, eq } from 'drizzle-orm';
import { channelCtx, type SendResult, type TemplatePayload } from '../../channels/port';
import { sendWithPolicy } from '../../channels/send-policy';
import { type contacts, messages } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps } from '../../platform/deps';
import { type MessageRow, type QuotedInfo, toMessage } from './card';

export type DeliverDeps = Pick<
  AppDeps,
  'db' | 'storage' | 'outbound' | 'appSecret' | 'channels' | 'channelRepository'
>;

/**
 * Hands a stored outgoing message to its channel after commit, then records the delivery state (its fact
 * shows it on the screens). The stored message is the record whatever the channel answers (an error shows as Error).
 */
export async function deliverMessage(
  deps: DeliverDeps,
  input: {
    card: TCard;
    stored: MessageRow;
    contact: typeof contacts.$inferSelect;
    quoted?: QuotedInfo;
  },
): Promise<TMessage> {
  const { card, stored, contact } = input;
  const sent = await send(deps, card, stored, contact).catch(
    (err: unknown): SendResult => ({
      state: 'error',
      error: err instanceof Error ? err.message : String(err),
    }),
  );
  const final = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({
        delivery: sent.state === 'sent' ? 'sent' : 'error',
        error: sent.state === 'sent' ? null : sent.error,
        // The provider's id (WhatsApp's wamid): its delivery statuses find the message by it.
        ...(sent.state === 'sent' && sent.providerMessageId
          ? { metadata: { ...stored.metadata, wamid: sent.providerMessageId } }
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
  return toMessage(final ?? stored, input.quoted ?? null);
}

async function send(
  deps: DeliverDeps,
  card: TCard,
  stored: MessageRow,
  contact: typeof contacts.$inferSelect,
): Promise<SendResult> {
  const channel = await deps.channelRepository.find(stored.companyId, card.channel_id);
  const adapter = channel ? deps.channels.get(channel.kind) : null;
  if (!channel || !adapter) return { state: 'error', error: 'canal indisponível' };
  const template = stored.metadata.template;
  return sendWithPolicy(adapter, channelCtx(deps), channel, {
    messageId: stored.id,
    to: { externalId: contact.externalId, data: contact.data },
    text: stored.text,
    ...(isTemplate(template) ? { template } : {}),
    media: stored.attachments.flatMap((a) => {
      const p = ZStoredAttachment.safeParse(a);
      return p.success ? [p.data] : [];
    }),
  });
}

/** The template a template message carries in its metadata (what deliver-template stored). */
function isTemplate(v: unknown): v is TemplatePayload {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { name?: unknown }).name === 'string' &&
    typeof (v as { language?: { code?: unknown } }).language?.code === 'string'
  );
}
