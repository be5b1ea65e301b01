import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { attendances } from '../db/schema/attendance';
import { batchCloseItems, batchCloseQueues } from '../db/schema/batch-close';
import { companies } from '../db/schema/companies';
import { statuses } from '../db/schema/organization';
import { users } from '../db/schema/users';
import type { Db } from '../platform/db';

/**
 * One finished batch close of the demo company (issue 18): the manager's "Finalizar atendimentos" over up to five of
 * its finalized attendances, Concluído. Nothing when the demo has no finalized attendance or already has a queue.
 */
export async function seedBatchCloseSamples(db: Db): Promise<number | null> {
  const [demo] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, 'Empresa Demo'));
  if (!demo) return null;
  const [existing] = await db
    .select({ id: batchCloseQueues.id })
    .from(batchCloseQueues)
    .where(eq(batchCloseQueues.companyId, demo.id))
    .limit(1);
  if (existing) return null;
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, demo.id), eq(users.role, 1)))
    .limit(1);
  const closed = await db
    .select({ id: attendances.id, contactId: attendances.contactId, statusId: attendances.statusId })
    .from(attendances)
    .where(and(eq(attendances.companyId, demo.id), isNotNull(attendances.closedAt)))
    .orderBy(desc(attendances.closedAt))
    .limit(5);
  if (!manager || closed.length === 0) return null;
  const [status] = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(eq(statuses.companyId, demo.id), eq(statuses.name, 'Resolvido')))
    .limit(1);
  const done = new Date();
  return db.transaction(async (tx) => {
    const [queue] = await tx
      .insert(batchCloseQueues)
      .values({
        companyId: demo.id,
        status: 'done',
        actionId: 1,
        statusId: status?.id ?? closed[0]?.statusId ?? null,
        filters: {},
        total: closed.length,
        doneCount: closed.length,
        createdBy: manager.id,
        startedAt: done,
        finishedAt: done,
      })
      .returning({ id: batchCloseQueues.id });
    if (!queue) return null;
    await tx.insert(batchCloseItems).values(
      closed.map((a) => ({
        companyId: demo.id,
        queueId: queue.id,
        attendanceId: a.id,
        contactId: a.contactId,
        status: 'done' as const,
        processedAt: done,
      })),
    );
    return queue.id;
  });
}
