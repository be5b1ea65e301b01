import { INTEGRATION_MSG } from '@prosa/shared/integrations';
import { sendJob } from '../../jobs/catalogue';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { findDelivery, updateDelivery } from './repository';

/** A failed delivery tried again from the start (the "Reenviar" of the deliveries list). */
export async function resendDelivery(deps: Pick<AppDeps, 'db' | 'queue'>, caller: Caller, id: number) {
  await deps.db.transaction(async (tx) => {
    const d = await findDelivery(tx, caller.companyId, id, true);
    if (!d) throw notFound(INTEGRATION_MSG.deliveryNotFound);
    if (d.status !== 'failed') throw new AppError('CONFLICT', INTEGRATION_MSG.deliveryNotFailed, 409);
    await updateDelivery(tx, caller.companyId, id, { status: 'pending', attempts: 0, lastError: null });
  });
  if (deps.queue)
    await sendJob(deps.queue, 'integrations.deliver', { companyId: caller.companyId, deliveryId: id });
  return { message: INTEGRATION_MSG.resent };
}
