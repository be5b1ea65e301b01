import { BACKUP_MSG } from '@prosa/shared/backups';
import { sendJob } from '../../jobs/catalogue';
import type { AppDeps, Caller } from '../../platform/deps';
import { toBackupRow } from './backup-view';
import { insertBackup } from './repository';

/** POST /backups (spec 3 §7 schedule-backup): the period already checked by ZBackupRequest; the job writes it. */
export async function requestBackup(
  deps: Pick<AppDeps, 'db' | 'queue'>,
  caller: Caller,
  period: { from: string; to: string },
) {
  const row = await insertBackup(deps.db, {
    companyId: caller.companyId,
    dateFrom: period.from,
    dateTo: period.to,
    requestedBy: caller.userId,
  });
  const id = row.id ?? 0;
  if (deps.queue)
    await sendJob(
      deps.queue,
      'backups.run',
      { companyId: caller.companyId, backupId: id },
      { singletonKey: `backups-run:${caller.companyId}:${id}` },
    );
  return {
    message: BACKUP_MSG.requested,
    backup: toBackupRow({ backup: row, requester: caller.displayName, restoredName: null }),
  };
}
