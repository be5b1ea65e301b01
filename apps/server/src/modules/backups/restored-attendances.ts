import { RESTORED_PER_PAGE, type TRestoredAttendance, type TRestoredPage } from '@prosa/shared/backups';
import type { AppDeps, Caller } from '../../platform/deps';
import { restoredCompanyOf } from './restored-company';
import { listRestoredAttendances, type RestoredAttendanceRaw } from './restored-repository';

export function toRestoredAttendance(r: RestoredAttendanceRaw): TRestoredAttendance {
  return {
    id: r.id,
    protocol: r.protocol,
    contact_name: r.contactName ?? r.name,
    contact_number: r.contactNumber,
    sector: r.sector,
    status: r.status,
    opened_at: r.openedAt.toISOString(),
    closed_at: r.closedAt?.toISOString() ?? null,
    messages: r.messages,
  };
}

/** GET /backups/:id/restored: the restored company's attendances, 25 per page, searchable. */
export async function restoredAttendancesPage(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  backupId: number,
  q: { page: number; search?: string },
): Promise<TRestoredPage> {
  const company = await restoredCompanyOf(deps, caller, backupId);
  const { rows, total } = await listRestoredAttendances(deps.db, company.id, {
    search: q.search || undefined,
    limit: RESTORED_PER_PAGE,
    offset: (q.page - 1) * RESTORED_PER_PAGE,
  });
  return {
    company,
    items: rows.map(toRestoredAttendance),
    total,
    page: q.page,
    per_page: RESTORED_PER_PAGE,
  };
}
