import type { AppDeps, Caller } from '../../platform/deps';
import { toBackupRow } from './backup-view';
import { listBackups } from './repository';

/** GET /backups (spec 3 §7 get-schedules with filters): the company's schedules, newest first, 10 per page. */
export async function listBackupsPage(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  q: { from: string | null; to: string | null; page: number; perPage: number },
) {
  const { rows, total } = await listBackups(deps.db, caller.companyId, {
    from: q.from,
    to: q.to,
    limit: q.perPage,
    offset: (q.page - 1) * q.perPage,
  });
  return { items: rows.map(toBackupRow), total, page: q.page, per_page: q.perPage };
}
