import { CHATBOT_CHANNEL_TYPES } from '@prosa/shared/chatbot';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { chatbotFlowChannels, chatbotFlows } from '../../db/schema/automation';
import { channels } from '../../db/schema/channels';
import { sectors, statuses } from '../../db/schema/organization';
import { contactFieldDefinitions } from '../../db/schema/scheduling';
import { users } from '../../db/schema/users';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// Chatbot flows and their channels: every read and write scoped to one company.

type Q = Db | Tx;
export type FlowRow = typeof chatbotFlows.$inferSelect;
export type FlowChannelRow = { flowId: number; channelId: number; channelType: string; name: string };

const live = (companyId: number, ...more: (SQL | undefined)[]) =>
  ofCompany(chatbotFlows, companyId, isNull(chatbotFlows.deletedAt), ...more);

export async function countFlows(db: Q, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chatbotFlows).where(live(companyId));
  return row?.n ?? 0;
}

export async function listFlowPage(db: Q, companyId: number, limit: number, offset: number) {
  return db
    .select()
    .from(chatbotFlows)
    .where(live(companyId))
    .orderBy(desc(chatbotFlows.updatedAt), desc(chatbotFlows.id))
    .limit(limit)
    .offset(offset);
}

export async function findFlow(db: Q, companyId: number, id: number, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(chatbotFlows)
    .where(live(companyId, eq(chatbotFlows.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertFlow(
  tx: Tx,
  values: { companyId: number; name: string; description: string; active: boolean; graph: object },
) {
  const [row] = await tx
    .insert(chatbotFlows)
    .values({ ...values, graph: values.graph as Record<string, unknown> })
    .returning();
  if (!row) throw new Error('fluxo não criado');
  return row;
}

export async function updateFlowRow(
  tx: Tx,
  companyId: number,
  id: number,
  values: { name: string; description: string; active: boolean; graph: object },
) {
  const [row] = await tx
    .update(chatbotFlows)
    .set({
      ...values,
      graph: values.graph as Record<string, unknown>,
      version: sql`${chatbotFlows.version} + 1`,
      updatedAt: new Date(),
    })
    .where(live(companyId, eq(chatbotFlows.id, id)))
    .returning();
  return row ?? null;
}

export async function softDeleteFlow(tx: Tx, companyId: number, id: number) {
  await tx
    .delete(chatbotFlowChannels)
    .where(ofCompany(chatbotFlowChannels, companyId, eq(chatbotFlowChannels.flowId, id)));
  const [row] = await tx
    .update(chatbotFlows)
    .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
    .where(live(companyId, eq(chatbotFlows.id, id)))
    .returning({ id: chatbotFlows.id });
  return row ?? null;
}

/** The linked channels of some flows, with the channels' names. */
export async function flowChannels(db: Q, companyId: number, flowIds: number[]): Promise<FlowChannelRow[]> {
  if (flowIds.length === 0) return [];
  return db
    .select({
      flowId: chatbotFlowChannels.flowId,
      channelId: chatbotFlowChannels.channelId,
      channelType: chatbotFlowChannels.channelType,
      name: channels.name,
    })
    .from(chatbotFlowChannels)
    .innerJoin(
      channels,
      and(
        eq(channels.companyId, chatbotFlowChannels.companyId),
        eq(channels.id, chatbotFlowChannels.channelId),
      ),
    )
    .where(ofCompany(chatbotFlowChannels, companyId, inArray(chatbotFlowChannels.flowId, flowIds)))
    .orderBy(asc(channels.name));
}

/** A live channel of the company that a flow may answer (its kind one of the flow channel types). */
export async function findFlowChannel(db: Q, companyId: number, channelId: number) {
  const [row] = await db
    .select({ id: channels.id, kind: channels.kind, name: channels.name })
    .from(channels)
    .where(
      ofCompany(
        channels,
        companyId,
        eq(channels.id, channelId),
        isNull(channels.deletedAt),
        inArray(channels.kind, [...CHATBOT_CHANNEL_TYPES]),
      ),
    );
  return row ?? null;
}

/** Which flow answers a channel now (with its name), if any. */
export async function channelLink(db: Q, companyId: number, channelId: number) {
  const [row] = await db
    .select({ flowId: chatbotFlowChannels.flowId, name: chatbotFlows.name })
    .from(chatbotFlowChannels)
    .innerJoin(
      chatbotFlows,
      and(
        eq(chatbotFlows.companyId, chatbotFlowChannels.companyId),
        eq(chatbotFlows.id, chatbotFlowChannels.flowId),
      ),
    )
    .where(ofCompany(chatbotFlowChannels, companyId, eq(chatbotFlowChannels.channelId, channelId)));
  return row ?? null;
}

/** Links a channel to a flow; a channel has one flow at most (the previous link is replaced). */
export async function upsertLink(
  tx: Tx,
  companyId: number,
  flowId: number,
  channelId: number,
  channelType: string,
) {
  await tx
    .insert(chatbotFlowChannels)
    .values({ companyId, flowId, channelId, channelType })
    .onConflictDoUpdate({
      target: [chatbotFlowChannels.companyId, chatbotFlowChannels.channelId],
      set: { flowId, channelType, createdAt: new Date() },
    });
}

export async function deleteLink(tx: Tx, companyId: number, flowId: number, channelId: number) {
  const rows = await tx
    .delete(chatbotFlowChannels)
    .where(
      ofCompany(
        chatbotFlowChannels,
        companyId,
        eq(chatbotFlowChannels.flowId, flowId),
        eq(chatbotFlowChannels.channelId, channelId),
      ),
    )
    .returning({ channelId: chatbotFlowChannels.channelId });
  return rows.length > 0;
}

/** The active flow linked to a channel (the one the engine runs there). */
export async function activeFlowOfChannel(db: Q, companyId: number, channelId: number) {
  const [row] = await db
    .select({ flow: chatbotFlows })
    .from(chatbotFlowChannels)
    .innerJoin(
      chatbotFlows,
      and(
        eq(chatbotFlows.companyId, chatbotFlowChannels.companyId),
        eq(chatbotFlows.id, chatbotFlowChannels.flowId),
      ),
    )
    .where(
      ofCompany(
        chatbotFlowChannels,
        companyId,
        eq(chatbotFlowChannels.channelId, channelId),
        eq(chatbotFlows.active, true),
        isNull(chatbotFlows.deletedAt),
        // A company that no longer allows chatbots runs none of its flows (Configurações › Chatbots).
        sql`exists (select 1 from companies c where c.id = ${companyId}
                    and c.metadata -> 'allow' ->> 'chatbots' = 'true')`,
      ),
    );
  return row?.flow ?? null;
}

// What the editor offers and what a flow's ids are checked against.

export async function companyChannels(db: Q, companyId: number) {
  return db
    .select({
      channel_id: channels.id,
      channel_type: channels.kind,
      name: channels.name,
      flow_id: chatbotFlows.id,
      flow_name: chatbotFlows.name,
    })
    .from(channels)
    .leftJoin(
      chatbotFlowChannels,
      and(
        eq(chatbotFlowChannels.companyId, channels.companyId),
        eq(chatbotFlowChannels.channelId, channels.id),
      ),
    )
    .leftJoin(
      chatbotFlows,
      and(
        eq(chatbotFlows.companyId, chatbotFlowChannels.companyId),
        eq(chatbotFlows.id, chatbotFlowChannels.flowId),
      ),
    )
    .where(
      ofCompany(
        channels,
        companyId,
        isNull(channels.deletedAt),
        inArray(channels.kind, [...CHATBOT_CHANNEL_TYPES]),
      ),
    )
    .orderBy(asc(channels.kind), asc(channels.name));
}

export async function companySectors(db: Q, companyId: number) {
  return db
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(ofCompany(sectors, companyId, isNull(sectors.deletedAt)))
    .orderBy(asc(sectors.name));
}

export async function companyOperators(db: Q, companyId: number) {
  return db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(ofCompany(users, companyId, isNull(users.inactiveSince)))
    .orderBy(asc(users.displayName));
}

export async function finishStatuses(db: Q, companyId: number) {
  return db
    .select({ id: statuses.id, name: statuses.name })
    .from(statuses)
    .where(ofCompany(statuses, companyId, isNull(statuses.deletedAt), eq(statuses.shouldClose, 1)))
    .orderBy(asc(statuses.name));
}

export async function contactFieldKeys(db: Q, companyId: number) {
  return db
    .select({
      key: contactFieldDefinitions.key,
      label: contactFieldDefinitions.label,
      type: contactFieldDefinitions.type,
      options: contactFieldDefinitions.options,
      required: contactFieldDefinitions.required,
      mask: contactFieldDefinitions.mask,
    })
    .from(contactFieldDefinitions)
    .where(ofCompany(contactFieldDefinitions, companyId, eq(contactFieldDefinitions.isActive, true)))
    .orderBy(asc(contactFieldDefinitions.position), asc(contactFieldDefinitions.label));
}
