import { asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type TriggerRow, triggers } from '../../db/schema/automation';
import { type ChannelRow, channels } from '../../db/schema/channels';
import { sectors, statuses } from '../../db/schema/organization';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// Every read and write of the triggers table (and the few channel, sector and status checks the triggers need).

type Q = Db | Tx;

/** Advisory lock namespace of a channel's trigger writes. */
const TRIGGERS_LOCK = 7170;

/** Text triggers first in their order, then the other kinds. */
const ordered = [sql`(${triggers.triggerType} <> 'text')`, asc(triggers.position), asc(triggers.id)];

export async function findChannelRow(db: Q, companyId: number, id: number): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, eq(channels.id, id), isNull(channels.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The company's channels that use this channel's triggers. */
export async function channelsUsing(db: Q, companyId: number, id: number) {
  return db
    .select({ id: channels.id, name: channels.name, kind: channels.kind })
    .from(channels)
    .where(
      ofCompany(channels, companyId, eq(channels.useTriggerFromChannelId, id), isNull(channels.deletedAt)),
    )
    .orderBy(asc(channels.id));
}

export async function setUseTriggerFrom(db: Q, companyId: number, id: number, from: number | null) {
  await db
    .update(channels)
    .set({ useTriggerFromChannelId: from, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, eq(channels.id, id)));
}

export async function listChannelTriggers(
  db: Q,
  companyId: number,
  channelId: number,
): Promise<TriggerRow[]> {
  return db
    .select()
    .from(triggers)
    .where(ofCompany(triggers, companyId, eq(triggers.channelId, channelId)))
    .orderBy(...ordered);
}

export async function listCompanyTriggers(
  db: Q,
  companyId: number,
  channelId?: number,
): Promise<TriggerRow[]> {
  return db
    .select()
    .from(triggers)
    .where(ofCompany(triggers, companyId, channelId ? eq(triggers.channelId, channelId) : undefined))
    .orderBy(asc(triggers.channelId), ...ordered);
}

export async function findTrigger(db: Q, companyId: number, id: number): Promise<TriggerRow | null> {
  const [row] = await db
    .select()
    .from(triggers)
    .where(ofCompany(triggers, companyId, eq(triggers.id, id)));
  return row ?? null;
}

/** Serializes the writes of one channel's triggers (positions, the one row per kind). */
export async function lockChannelTriggers(tx: Tx, channelId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${TRIGGERS_LOCK}, ${channelId})`);
}

export type TextValues = { name: string; description: string; triggerText: string; actions: unknown[] };

export async function insertTextTrigger(
  tx: Tx,
  target: { companyId: number; channelId: number; triggerableType: string },
  values: TextValues,
): Promise<TriggerRow> {
  const [last] = await tx
    .select({ max: sql<number | null>`max(${triggers.position})` })
    .from(triggers)
    .where(
      ofCompany(
        triggers,
        target.companyId,
        eq(triggers.channelId, target.channelId),
        eq(triggers.triggerType, 'text'),
      ),
    );
  const [row] = await tx
    .insert(triggers)
    .values({
      companyId: target.companyId,
      channelId: target.channelId,
      triggerableType: target.triggerableType,
      triggerType: 'text',
      ...values,
      position: (last?.max ?? -1) + 1,
    })
    .returning();
  if (!row) throw new Error('triggers: insert returned nothing');
  return row;
}

export async function updateTextTrigger(tx: Tx, companyId: number, id: number, values: TextValues) {
  const [row] = await tx
    .update(triggers)
    .set({ ...values, updatedAt: new Date() })
    .where(ofCompany(triggers, companyId, eq(triggers.id, id), eq(triggers.triggerType, 'text')))
    .returning();
  return row ?? null;
}

export async function deleteTriggerRow(db: Q, companyId: number, id: number) {
  const rows = await db
    .delete(triggers)
    .where(ofCompany(triggers, companyId, eq(triggers.id, id)))
    .returning({ id: triggers.id });
  return rows.length > 0;
}

/** One row per other kind per channel: inserted or replaced. */
export async function upsertOtherTrigger(
  tx: Tx,
  target: { companyId: number; channelId: number; triggerableType: string },
  triggerType: string,
  params: Record<string, unknown>,
) {
  await tx
    .delete(triggers)
    .where(
      ofCompany(
        triggers,
        target.companyId,
        eq(triggers.channelId, target.channelId),
        eq(triggers.triggerType, triggerType),
      ),
    );
  await tx.insert(triggers).values({
    companyId: target.companyId,
    channelId: target.channelId,
    triggerableType: target.triggerableType,
    triggerType,
    params,
  });
}

export async function deleteOtherTrigger(tx: Tx, companyId: number, channelId: number, triggerType: string) {
  await tx
    .delete(triggers)
    .where(
      ofCompany(
        triggers,
        companyId,
        eq(triggers.channelId, channelId),
        eq(triggers.triggerType, triggerType),
      ),
    );
}

export async function setPositions(tx: Tx, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, i) => sql`(${id}::int, ${i}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update triggers t set position = v.pos, updated_at = now()
    from (values ${values}) as v(id, pos)
    where t.company_id = ${companyId} and t.id = v.id`);
}

/** Replaces every trigger of channel `to` with copies of channel `from`'s. Answers how many were copied. */
export async function replaceWithCopies(
  tx: Tx,
  companyId: number,
  from: number,
  to: { id: number; triggerableType: string },
): Promise<number> {
  await tx.delete(triggers).where(ofCompany(triggers, companyId, eq(triggers.channelId, to.id)));
  const result = await tx.execute(sql`
    insert into triggers (company_id, channel_id, triggerable_type, trigger_type, name, description, trigger_text,
                          actions, params, position)
    select company_id, ${to.id}, ${to.triggerableType}, trigger_type, name, description, trigger_text, actions,
           params, position
    from triggers where company_id = ${companyId} and channel_id = ${from}
    order by (trigger_type <> 'text'), position, id`);
  return result.rowCount ?? 0;
}

/** The ids among `ids` that are finalization statuses (should_close 1) of the company. */
export async function finalizationStatusIds(db: Q, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(
      ofCompany(
        statuses,
        companyId,
        inArray(statuses.id, [...ids]),
        eq(statuses.shouldClose, 1),
        isNull(statuses.deletedAt),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function sectorIds(db: Q, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: sectors.id })
    .from(sectors)
    .where(ofCompany(sectors, companyId, inArray(sectors.id, [...ids]), isNull(sectors.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

/** Other kinds of a channel except one, as type → params (the validator's context). */
export async function otherParamsOf(db: Q, companyId: number, channelId: number, except?: string) {
  const rows = await db
    .select({ type: triggers.triggerType, params: triggers.params })
    .from(triggers)
    .where(
      ofCompany(
        triggers,
        companyId,
        eq(triggers.channelId, channelId),
        ne(triggers.triggerType, 'text'),
        except ? ne(triggers.triggerType, except) : undefined,
      ),
    );
  return Object.fromEntries(rows.map((r) => [r.type, r.params])) as Record<string, Record<string, unknown>>;
}
