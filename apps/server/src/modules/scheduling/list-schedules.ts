import type { AppDeps, Caller } from '../../platform/deps';
import { loadForAction } from '../attendance/load-for-action';
import { listContactSchedules } from './repository';
import { requireScheduling } from './scheduling-settings';

/** The schedules of the attendance's contact (spec 1 §7 "list by contact_id"), newest return first. */
export async function listSchedules(deps: Pick<AppDeps, 'db'>, caller: Caller, attendanceId: number) {
  await requireScheduling(deps.db, caller.companyId);
  const { attendance } = await loadForAction(deps, caller, attendanceId, { allowClosed: true });
  return { items: await listContactSchedules(deps.db, caller.companyId, attendance.contactId) };
}
