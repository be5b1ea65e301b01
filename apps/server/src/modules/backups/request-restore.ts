import { BACKUP_MSG } from '@prosa/shared/backups';
import { sendJob } from '../../jobs/catalogue';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { findBackup } from './repository';

/** POST /backups/:id/restore: a finished backup, not restored yet, is restored by a job into a new company. */
export async function requestRestore(deps: Pick<AppDeps, 'db' | 'queue'>, caller: Caller, id: number) {
  const found = await findBackup(deps.db, caller.companyId, id);
  if (!found) throw notFound(BACKUP_MSG.notFound);
  if (found.backup.status !== 'done') throw badRequest(BACKUP_MSG.notDone);
  if (found.backup.restoredCompanyId !== null) throw badRequest(BACKUP_MSG.alreadyRestored);
  if (deps.queue)
    await sendJob(
      deps.queue,
      'backups.restore',
      { companyId: caller.companyId, backupId: id, userId: caller.userId },
      // One restore of a backup queued or running at a time; the job itself refuses a second restore.
      { singletonKey: `backups-restore:${caller.companyId}:${id}` },
    );
  return { message: BACKUP_MSG.restoreRequested };
}
