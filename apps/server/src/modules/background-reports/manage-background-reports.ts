import { isoToBrDate } from '@prosa/shared/dates';
import {
  BACKGROUND_MSG,
  BACKGROUND_STATUS_LABEL,
  isReportKey,
  REPORTS,
  type TBackgroundReportRow,
} from '@prosa/shared/reports';
import type { TBackgroundReportStatus } from '../../db/schema/reports';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import {
  type BackgroundReportRecord,
  cancelBackgroundReport,
  deleteBackgroundReport,
  findBackgroundReport,
  listBackgroundReports,
} from './repository';

/** Who asked for it: a user's name, or the reports settings for the periodic ones. */
export const PERIODIC_REQUESTER = 'Envio periódico';

export function periodLabel(filters: Record<string, unknown>): string {
  const from = typeof filters.fromDate === 'string' ? isoToBrDate(filters.fromDate) : null;
  const to = typeof filters.toDate === 'string' ? isoToBrDate(filters.toDate) : null;
  return from && to ? `${from} a ${to}` : '';
}

export function toBackgroundRow(r: BackgroundReportRecord, requester: string | null): TBackgroundReportRow {
  return {
    id: r.id ?? '',
    type: r.type,
    title: isReportKey(r.type) ? REPORTS[r.type].title : r.type,
    period: periodLabel(r.filters),
    status: r.status,
    status_label: BACKGROUND_STATUS_LABEL[r.status] ?? r.status,
    requested_by: r.userId === null ? PERIODIC_REQUESTER : requester,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    rows: r.rows,
    error: r.error,
    file_name: r.fileName,
  };
}

/** The scheduling list (spec 3 §7): filter by status, page and count (25, 50, 100). */
export async function listBackground(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  q: { status?: TBackgroundReportStatus; page: number; count: number },
) {
  const { rows, total } = await listBackgroundReports(deps.db, caller.companyId, q);
  return {
    rows: rows.map((r) => toBackgroundRow(r.report, r.requester)),
    total,
    page: q.page,
    count: q.count,
  };
}

/** Cancels one still queued or processing; its job, when it runs or ends, leaves it cancelled. */
export async function cancelBackground(deps: Pick<AppDeps, 'db'>, caller: Caller, id: string) {
  const found = await findBackgroundReport(deps.db, caller.companyId, id);
  if (!found) throw notFound();
  if (!(await cancelBackgroundReport(deps.db, caller.companyId, id)))
    throw badRequest(BACKGROUND_MSG.notCancellable);
  return { message: BACKGROUND_MSG.cancelled };
}

/** Deletes the scheduling and its file (spec 3 §7 delete scheduling {id}). */
export async function deleteBackground(deps: Pick<AppDeps, 'db' | 'storage'>, caller: Caller, id: string) {
  const removed = await deleteBackgroundReport(deps.db, caller.companyId, id);
  if (!removed) throw notFound();
  if (removed.filePath) await deps.storage.delete(removed.filePath);
  return { message: BACKGROUND_MSG.deleted };
}

/** The file of a finished one; 404 while it is not done (or gone). */
export async function backgroundFile(deps: Pick<AppDeps, 'db' | 'storage'>, caller: Caller, id: string) {
  const found = await findBackgroundReport(deps.db, caller.companyId, id);
  if (!found) throw notFound();
  if (found.status !== 'done' || !found.filePath || !found.fileName) throw notFound(BACKGROUND_MSG.notReady);
  const file = await deps.storage.get(found.filePath);
  if (!file) throw notFound(BACKGROUND_MSG.notReady);
  return { file, fileName: found.fileName };
}
