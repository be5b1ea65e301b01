import { channelFactsOf } from '@prosa/shared/channel-capabilities';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { InboundSink } from '../../channels/inbound/sink';
import { settleLocked } from '../../channels/outbound/attendance-lock';
import type { InboundContact, InboundMessage, OpenChannel } from '../../channels/port';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { campaignStatus } from '../campaign-statuses/campaign-status';
import { requestProfilePictures } from '../profile-pictures/request-profile-pictures';
import { ingestBatch, ingestInbound } from './ingest-batch';

// Delivery states in their order: a status never moves a message back (a late "delivered" after "read").
const RANK: Record<string, number> = { sending: 0, sent: 1, delivered: 2, read: 3 };

const idOf = (ch: OpenChannel, externalId: string) => `${ch.kind}:${ch.id}:${externalId}`;

/** A message of this channel by its provider id: inbound ones by their message id, outbound ones by provider_message_id. */
async function findByExternalId(deps: Pick<AppDeps, 'db'>, ch: OpenChannel, externalId: string) {
  const [row] = await deps.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, ch.companyId),
        or(eq(messages.messageId, idOf(ch, externalId)), eq(messages.providerMessageId, externalId)),
      ),
    )
    .limit(1);
  return row ?? null;
}

function messageFact(row: typeof messages.$inferSelect, name: 'message.updated' | 'delivery.updated') {
  const base = { companyId: row.companyId, attendanceId: row.attendanceId };
  return name === 'delivery.updated'
    ? { ...base, name, data: { message_id: row.id, delivery: row.delivery } }
    : { ...base, name, data: { message_id: row.id } };
}

type Stored = Omit<InboundMessage, 'media'> & { attachments: unknown[] };

/** A message the company sent from the number's own phone (WhatsApp by QR marks it `metadata.from_phone`). */
const fromPhone = (m: Stored) => m.metadata?.from_phone === true;

/**
 * A message sent from the number's phone: an outgoing one (operator side, already sent) in the contact's open
 * attendance, once. Not stored when it is already (a redelivery, or our own send coming back: its WhatsApp id is
 * the provider id of our message), nor when the contact has no open attendance (the phone's own chats do not
 * open cards).
 */
async function storeFromPhone(tx: Tx, ch: OpenChannel, contact: InboundContact, m: Stored) {
  const [known] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, ch.companyId),
        or(eq(messages.messageId, idOf(ch, m.externalId)), eq(messages.providerMessageId, m.externalId)),
      ),
    )
    .limit(1);
  if (known) return;
  const [card] = await tx
    .select({ id: attendances.id })
    .from(attendances)
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .where(
      and(
        eq(attendances.companyId, ch.companyId),
        eq(contacts.kind, ch.kind),
        eq(contacts.channelId, ch.id),
        eq(contacts.externalId, contact.externalId),
        isNull(attendances.closedAt),
      ),
    )
    .limit(1);
  if (!card) return;
  const [row] = await tx
    .insert(messages)
    .values({
      companyId: ch.companyId,
      attendanceId: card.id,
      messageId: idOf(ch, m.externalId),
      providerMessageId: m.externalId,
      text: m.text,
      senderType: 1,
      sentAt: m.sentAt,
      attachments: m.attachments,
      metadata: m.metadata ?? {},
      delivery: 'sent',
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return;
  await tx
    .update(attendances)
    .set({
      lastMessageAt: m.sentAt,
      lastMessagePreview: (m.text.trim() || (m.attachments.length ? '📎 Anexo' : '')).slice(0, 140),
      lastMessageSender: 1,
      updatedAt: new Date(),
    })
    .where(and(eq(attendances.companyId, ch.companyId), eq(attendances.id, card.id)));
  await writeFacts(tx, [
    {
      companyId: ch.companyId,
      attendanceId: card.id,
      name: 'message.sent',
      data: { message_id: row.id, origin: 'operator' },
    },
  ]);
}

/** The conversation core as the inbox's sink (channels/inbound/sink.ts). */
export function attendanceInboundSink(
  deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'queue'>>,
): InboundSink {
  // The customers' profile pictures (WhatsApp by QR, Messenger, Instagram), asked for once their messages are stored.
  const pictures = (ch: OpenChannel, contactsOf: InboundContact[]) =>
    requestProfilePictures(
      { db: deps.db, queue: deps.queue ?? null },
      {
        companyId: ch.companyId,
        kind: ch.kind,
        channelId: ch.id,
        externalIds: contactsOf.map((c) => c.externalId),
      },
      // A picture is never worth failing the inbox over: a lost request is made again a day later.
    ).catch(() => undefined);
  return {
    async has(ch, externalId) {
      const [row] = await deps.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.companyId, ch.companyId), eq(messages.messageId, idOf(ch, externalId))))
        .limit(1);
      return row !== undefined;
    },

    async message(ch, contact, message) {
      if (fromPhone(message)) {
        await deps.db.transaction((tx) => storeFromPhone(tx, ch, contact, message));
        return;
      }
      await ingestInbound(deps, {
        companyId: ch.companyId,
        channel: {
          kind: ch.kind,
          id: ch.id,
          sectorId: ch.defaultSectorId,
          facts: channelFactsOf(ch.kind, ch.config),
        },
        contact,
        message,
      });
      await pictures(ch, [contact]);
    },

    async messages(ch, items, alsoInTx) {
      // Those from the phone after the contacts' own (their attendance may open in this batch), in one transaction.
      const phone = items.filter((it) => fromPhone(it.message));
      await ingestBatch(
        deps,
        {
          companyId: ch.companyId,
          channel: {
            kind: ch.kind,
            id: ch.id,
            sectorId: ch.defaultSectorId,
            facts: channelFactsOf(ch.kind, ch.config),
          },
          items: items.filter((it) => !fromPhone(it.message)),
        },
        phone.length === 0
          ? alsoInTx
          : async (tx) => {
              for (const it of phone) await storeFromPhone(tx, ch, it.contact, it.message);
              await alsoInTx?.(tx);
            },
      );
      await pictures(
        ch,
        items.filter((it) => !fromPhone(it.message)).map((it) => it.contact),
      );
    },

    /** One reaction per person on a message: a new one replaces theirs, an empty one removes it. */
    async reaction(ch, r) {
      const target = r.targetExternalId ? await findByExternalId(deps, ch, r.targetExternalId) : null;
      if (!target) return false;
      const reactions = (Array.isArray(target.metadata.reactions) ? target.metadata.reactions : []).filter(
        (x: { from?: string }) => x.from !== r.from,
      );
      if (r.emoji) reactions.push({ from: r.from, emoji: r.emoji, wamid: r.externalId });
      await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(messages)
          .set({ metadata: { ...target.metadata, reactions } })
          .where(and(eq(messages.companyId, target.companyId), eq(messages.id, target.id)))
          .returning();
        if (row) await writeFacts(tx, [messageFact(row, 'message.updated')]);
      });
      return true;
    },

    /**
     * sent < delivered < read, never downgraded; an error marks Error with the provider's detail unless the
     * message was already delivered. The guard is in the UPDATE too, for two statuses applied at once.
     */
    async status(ch, s) {
      const target = await findByExternalId(deps, ch, s.externalId);
      // Not a conversation's message: a campaign's (by our reference or the provider's id), or not known yet.
      if (!target) return campaignStatus(deps.db, ch, s);
      let set: { delivery: 'sent' | 'delivered' | 'read' | 'error'; error: string | null } | null = null;
      const current = RANK[target.delivery] ?? -1;
      if (s.state === 'error') {
        if (target.delivery !== 'delivered' && target.delivery !== 'read')
          set = { delivery: 'error', error: s.error ?? 'falha no envio' };
      } else if (target.delivery !== 'error' && current < (RANK[s.state] ?? 0)) {
        set = { delivery: s.state, error: null };
      }
      if (!set) return true;
      const rankSql = sql`case ${messages.delivery} when 'sending' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end`;
      const guard =
        set.delivery === 'error'
          ? sql`${messages.delivery} in ('sending', 'sent')`
          : sql`${rankSql} < ${RANK[set.delivery] ?? 0}`;
      const change = set;
      await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(messages)
          .set(change)
          .where(and(eq(messages.companyId, target.companyId), eq(messages.id, target.id), guard))
          .returning();
        if (row) {
          await writeFacts(tx, [messageFact(row, 'delivery.updated')]);
          await settleLocked(tx, row.companyId, [row.attendanceId]);
        }
      });
      return true;
    },
  };
}
