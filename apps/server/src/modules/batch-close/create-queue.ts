import { BATCH_CLOSE_MSG, type TBatchCloseCreateValues } from '@prosa/shared/batch-close';
import { ERROR_CODE } from '@prosa/shared/messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { batchCloseItems, batchCloseQueues } from '../../db/schema/batch-close';
import { statuses } from '../../db/schema/organization';
import { users } from '../../db/schema/users';
import { writeFacts } from '../../facts/write-facts';
import { sendJob } from '../../jobs/catalogue';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { loadViewer } from '../attendance/viewer';
import { companySettings } from '../company-metadata/module-gate';
import { findSector } from '../sectors/repository';
import { findQueue, hasQueueInProgress, visibleOpenAmong } from './repository';

type Deps = Pick<AppDeps, 'db' | 'queue'>;

/** The action's target exists in the caller's company and fits the action (spec 3 §5). */
async function checkTarget(deps: Deps, caller: Caller, v: TBatchCloseCreateValues) {
  if (v.action_id === 1 || v.action_id === 4) {
    const [status] = await deps.db
      .select()
      .from(statuses)
      .where(
        ofCompany(statuses, caller.companyId, eq(statuses.id, v.status_id ?? 0), isNull(statuses.deletedAt)),
      )
      .limit(1);
    if (!status) throw badRequest(BATCH_CLOSE_MSG.statusNotFound);
    if (v.action_id === 1 && status.shouldClose !== 1)
      throw badRequest(BATCH_CLOSE_MSG.statusNotFinalization);
    if (v.action_id === 1 && status.useInBot) throw badRequest(BATCH_CLOSE_MSG.statusInBot);
    if (v.action_id === 4 && status.shouldClose === 1)
      throw badRequest(BATCH_CLOSE_MSG.statusNotClassification);
    return { statusId: status.id };
  }
  if (v.action_id === 2) {
    const sector = await findSector(deps.db, caller.companyId, v.sector_id ?? 0);
    if (!sector) throw badRequest(BATCH_CLOSE_MSG.sectorNotFound);
    return { sectorId: sector.id };
  }
  if (v.action_id === 3) {
    if (!v.user_id) return { userId: 0 };
    const [user] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, caller.companyId), eq(users.id, v.user_id), isNull(users.inactiveSince)))
      .limit(1);
    if (!user) throw badRequest(BATCH_CLOSE_MSG.userNotFound);
    return { userId: user.id };
  }
  return { message: (v.message ?? '').trim() };
}

/** The company's own maximum (settings tab 6), in the words of the module's limit. */
const batchCloseTooMany = (max: number) => `Selecione no máximo ${max} atendimentos por ação.`;

export async function queueRun(deps: Pick<AppDeps, 'queue'>, companyId: number, queueId: number) {
  if (!deps.queue) return;
  await sendJob(
    deps.queue,
    'batch-close.run',
    { companyId, queueId },
    { singletonKey: `batch-close:${companyId}:${queueId}` },
  );
}

/**
 * Create queue (spec 3 §7): Configurando while its items are listed (the selected attendances still open and
 * visible to the caller), then Configurado, and the run is queued.
 */
export async function createQueue(deps: Deps, caller: Caller, v: TBatchCloseCreateValues) {
  const target = await checkTarget(deps, caller, v);
  const viewer = await loadViewer(deps.db, caller);
  const ids = [...new Set(v.histories)];
  // Settings tab 6: the company's maximum of attendances in one action (the module's own limit is the ceiling).
  const max = (await companySettings(deps.db, caller.companyId)).batch_close_settings.max_items;
  if (ids.length > max) throw badRequest(batchCloseTooMany(max));
  const selected = await visibleOpenAmong(deps.db, viewer, ids);
  if (selected.length === 0) throw badRequest(BATCH_CLOSE_MSG.noneOpen);

  const queueId = await deps.db.transaction(async (tx) => {
    // One queue at a time per company: two managers saving at once do not both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('batch-close'), ${caller.companyId})`);
    if (await hasQueueInProgress(tx, caller.companyId))
      throw new AppError(ERROR_CODE.conflict, BATCH_CLOSE_MSG.inProgress, 409);
    const [row] = await tx
      .insert(batchCloseQueues)
      .values({
        companyId: caller.companyId,
        status: 'preparing',
        actionId: v.action_id,
        statusId: target.statusId ?? null,
        sectorId: target.sectorId ?? null,
        userId: target.userId ?? null,
        message: target.message ?? null,
        filters: v.filters,
        total: selected.length,
        createdBy: caller.userId,
      })
      .returning({ id: batchCloseQueues.id });
    if (!row) throw new Error('batch close queue insert returned nothing');
    await writeFacts(tx, [
      {
        name: 'batch_close.updated',
        companyId: caller.companyId,
        actorUserId: caller.userId,
        data: { queue_id: row.id },
      },
    ]);
    return row.id;
  });

  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < selected.length; i += 500) {
      await tx.insert(batchCloseItems).values(
        selected.slice(i, i + 500).map((s) => ({
          companyId: caller.companyId,
          queueId,
          attendanceId: s.id,
          contactId: s.contactId,
        })),
      );
    }
    await tx
      .update(batchCloseQueues)
      .set({ status: 'prepared', updatedAt: new Date() })
      .where(
        ofCompany(
          batchCloseQueues,
          caller.companyId,
          eq(batchCloseQueues.id, queueId),
          eq(batchCloseQueues.status, 'preparing'),
        ),
      );
    await writeFacts(tx, [
      {
        name: 'batch_close.updated',
        companyId: caller.companyId,
        actorUserId: caller.userId,
        data: { queue_id: queueId },
      },
    ]);
  });
  await queueRun(deps, caller.companyId, queueId);
  const queue = await findQueue(deps.db, caller.companyId, queueId);
  if (!queue) throw new Error('batch close queue vanished');
  return { message: BATCH_CLOSE_MSG.created, queue };
}
