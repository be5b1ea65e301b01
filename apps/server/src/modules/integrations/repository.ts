import { and, desc, eq, sql } from 'drizzle-orm';
import { integrationDeliveries, integrations } from '../../db/schema/integrations';
import type { Db, Tx } from '../../platform/db';

export type IntegrationRow = typeof integrations.$inferSelect;
export type DeliveryRow = typeof integrationDeliveries.$inferSelect;

const byId = (companyId: number, id: number) =>
  and(eq(integrations.companyId, companyId), eq(integrations.id, id));

export async function findIntegrations(db: Db | Tx, companyId: number) {
  return db.select().from(integrations).where(eq(integrations.companyId, companyId)).orderBy(integrations.id);
}

export async function findIntegration(db: Db | Tx, companyId: number, id: number, lock = false) {
  const q = db.select().from(integrations).where(byId(companyId, id));
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** Sent and failed deliveries per integration of a company. */
export async function deliveryCounts(db: Db | Tx, companyId: number) {
  const rows = await db
    .select({
      integrationId: integrationDeliveries.integrationId,
      sent: sql<number>`count(*) filter (where ${integrationDeliveries.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${integrationDeliveries.status} = 'failed')::int`,
    })
    .from(integrationDeliveries)
    .where(eq(integrationDeliveries.companyId, companyId))
    .groupBy(integrationDeliveries.integrationId);
  return new Map(rows.map((r) => [r.integrationId, { sent: r.sent, failed: r.failed }]));
}

export async function insertIntegration(db: Db | Tx, values: typeof integrations.$inferInsert) {
  const [row] = await db
    .insert(integrations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: integrations.id });
  return row ?? null;
}

export async function updateIntegration(
  db: Db | Tx,
  companyId: number,
  id: number,
  values: Partial<typeof integrations.$inferInsert>,
) {
  await db
    .update(integrations)
    .set({ ...values, updatedAt: new Date() })
    .where(byId(companyId, id));
}

export async function deleteIntegrationRows(tx: Tx, companyId: number, id: number) {
  await tx
    .delete(integrationDeliveries)
    .where(and(eq(integrationDeliveries.companyId, companyId), eq(integrationDeliveries.integrationId, id)));
  const gone = await tx.delete(integrations).where(byId(companyId, id)).returning({ id: integrations.id });
  return gone.length > 0;
}

export async function findRecentDeliveries(
  db: Db | Tx,
  companyId: number,
  opts: { integrationId?: number; limit: number },
) {
  return db
    .select({ delivery: integrationDeliveries, integrationName: integrations.name })
    .from(integrationDeliveries)
    .innerJoin(
      integrations,
      and(
        eq(integrations.companyId, integrationDeliveries.companyId),
        eq(integrations.id, integrationDeliveries.integrationId),
      ),
    )
    .where(
      and(
        eq(integrationDeliveries.companyId, companyId),
        opts.integrationId ? eq(integrationDeliveries.integrationId, opts.integrationId) : undefined,
      ),
    )
    .orderBy(desc(integrationDeliveries.createdAt), desc(integrationDeliveries.id))
    .limit(opts.limit);
}

export async function findDelivery(db: Db | Tx, companyId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(integrationDeliveries)
    .where(and(eq(integrationDeliveries.companyId, companyId), eq(integrationDeliveries.id, id)));
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function updateDelivery(
  db: Db | Tx,
  companyId: number,
  id: number,
  values: Partial<typeof integrationDeliveries.$inferInsert>,
) {
  await db
    .update(integrationDeliveries)
    .set(values)
    .where(and(eq(integrationDeliveries.companyId, companyId), eq(integrationDeliveries.id, id)));
}

/** A delivery for (integration, event, subject) once: a replayed fact finds it there and adds nothing. */
export async function insertDeliveryOnce(tx: Tx, values: typeof integrationDeliveries.$inferInsert) {
  const [row] = await tx
    .insert(integrationDeliveries)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: integrationDeliveries.id });
  return row ?? null;
}
