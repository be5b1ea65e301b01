import { sendJob } from '../../jobs/catalogue';
import type { AppDeps } from '../../platform/deps';

/** Asks a worker to return this schedule at its time (best effort: the task schedules.return covers a failed enqueue). */
export async function enqueueReturn(
  deps: Pick<AppDeps, 'queue'>,
  schedule: { companyId: number; id: number; returnAt: Date },
) {
  if (!deps.queue) return;
  await sendJob(
    deps.queue,
    'scheduling.return-due',
    { companyId: schedule.companyId, scheduleId: schedule.id },
    { startAfter: schedule.returnAt },
  ).catch(() => null);
}
