import { BACKUP_MSG } from '@prosa/shared/backups';
import { ERROR_CODE } from '@prosa/shared/messages';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { findCompany } from '../companies/repository';
import { findBackup } from './repository';

/**
 * The company a backup of the caller's company was restored into, when the caller reaches it (own company, their
 * list, or every company for a lord). A backup of another company, or a restored company out of the caller's
 * reach, is not found; a backup not restored yet is a conflict with its text.
 */
export async function restoredCompanyOf(deps: Pick<AppDeps, 'db'>, caller: Caller, backupId: number) {
  const found = await findBackup(deps.db, caller.companyId, backupId);
  if (!found) throw notFound(BACKUP_MSG.notFound);
  const restoredId = found.backup.restoredCompanyId;
  if (restoredId === null) throw new AppError(ERROR_CODE.conflict, BACKUP_MSG.notRestored, 409);
  // companyScope answers 404 with the generic text; the backup's own text is clearer here.
  const reached = await companyScope(deps.db, caller, restoredId).catch((e: unknown) => {
    if (e instanceof AppError && e.httpStatus === 404) return null;
    throw e;
  });
  const company = reached === null ? null : await findCompany(deps.db, reached);
  if (!company) throw notFound(BACKUP_MSG.notFound);
  return { id: company.id, name: company.name, timezone: company.timezone };
}
