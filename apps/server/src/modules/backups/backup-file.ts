import { BACKUP_MSG, backupFileName } from '@prosa/shared/backups';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { findBackup } from './repository';

/** The file of a finished backup of the caller's company (another company's: 404). */
export async function backupFile(deps: Pick<AppDeps, 'db' | 'storage'>, caller: Caller, id: number) {
  const found = await findBackup(deps.db, caller.companyId, id);
  if (!found) throw notFound(BACKUP_MSG.notFound);
  const { backup } = found;
  if (backup.status !== 'done' || !backup.fileKey) throw badRequest(BACKUP_MSG.notDone);
  const file = await deps.storage.get(backup.fileKey);
  if (!file) throw notFound(BACKUP_MSG.notFound);
  return { file, fileName: backupFileName(backup.dateFrom, backup.dateTo) };
}
