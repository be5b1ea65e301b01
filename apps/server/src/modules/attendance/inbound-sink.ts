import { and, eq, or, sql } from 'drizzle-orm';
import type { InboundSink } from '../../channels/inbound/sink';
import type { OpenChannel } from '../../channels/port';
import { messages } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps } from '../../platform/deps';
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

/** The conversation core as the inbox's sink (channels/inbound/sink.ts). */
export function attendanceInboundSink(deps: Pick<AppDeps, 'db'>): InboundSink {
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
      await ingestInbound(deps, {
        companyId: ch.companyId,
        channel: { kind: ch.kind, id: ch.id, sectorId: ch.defaultSectorId },
        contact,
        message,
      });
    },

    async messages(ch, items, alsoInTx) {
      await ingestBatch(
        deps,
        {
          companyId: ch.companyId,
          channel: { kind: ch.kind, id: ch.id, sectorId: ch.defaultSectorId },
          items,
        },
        alsoInTx,
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
      if (!target) return false;
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
        if (row) await writeFacts(tx, [messageFact(row, 'delivery.updated')]);
      });
      return true;
    },
  };
}
