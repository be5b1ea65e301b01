import { currentMonthRange, type TBatchCloseFilters, type TOpenHistories } from '@prosa/shared/batch-close';
import { DEFAULT_TIMEZONE } from '@prosa/shared/dates';
import type { AppDeps, Caller } from '../../platform/deps';
import { loadViewer } from '../attendance/viewer';
import { findCompany } from '../companies/repository';
import { searchOpenAttendances } from './repository';

/**
 * The open attendances a batch action may take (spec 3 §7 "open histories by filter"): only those the caller sees
 * in the chat, started in the period (the current month of the company's clock by default).
 */
export async function openHistories(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  filters: TBatchCloseFilters,
): Promise<TOpenHistories> {
  const company = await findCompany(deps.db, caller.companyId);
  const tz = company?.timezone ?? DEFAULT_TIMEZONE;
  const month = currentMonthRange(new Date(), tz);
  const fromDate =
    filters.fromDate ?? (filters.toDate && filters.toDate < month.fromDate ? filters.toDate : month.fromDate);
  const toDate = filters.toDate ?? (fromDate > month.toDate ? fromDate : month.toDate);
  const viewer = await loadViewer(deps.db, caller);
  const { rows, total } = await searchOpenAttendances(deps.db, viewer, {
    fromDate,
    toDate,
    userId: filters.user_id || undefined,
    message: filters.message || undefined,
    statusId: filters.status_id,
    tz,
  });
  return { locked_at: new Date().toISOString(), fromDate, toDate, histories: rows, total };
}
