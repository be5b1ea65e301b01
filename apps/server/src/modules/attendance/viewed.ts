import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { findCompany } from '../companies/repository';
import { takeIfUnassigned } from './assign';
import { toCard } from './card';
import { loadForAction } from './load-for-action';
import { listViews, upsertView } from './repository';
import { updateOpenAttendance } from './update-attendance';

/**
 * "viewed send": records that the caller opened the card. An operator opening an unassigned card under
 * triage OPERATOR (own + unassigned) takes it, so two operators do not answer the same customer.
 */
export async function markViewed(deps: Pick<AppDeps, 'db'>, caller: Caller, input: { attendanceId: number }) {
  const { attendance, viewer } = await loadForAction(deps, caller, input.attendanceId, { allowClosed: true });
  await upsertView(deps.db, {
    companyId: caller.companyId,
    attendanceId: attendance.id,
    userId: caller.userId,
    userName: caller.displayName,
  });
  let current = attendance;
  if (
    !attendance.closedAt &&
    attendance.operatorAssignedId === null &&
    caller.role === ROLE.operator &&
    viewer.mode === 'OWN_NONE'
  ) {
    const taken = await takeIfUnassigned(deps.db, {
      companyId: caller.companyId,
      attendanceId: attendance.id,
      userId: caller.userId,
      userName: caller.displayName,
    });
    if (taken) current = taken;
  }
  // Opened by the operator who owns it: the contact's messages are read.
  if (!current.closedAt && current.operatorAssignedId === caller.userId && current.unreadCount > 0) {
    const read = await updateOpenAttendance(deps, current, { unreadCount: 0 }, { by: caller.userId });
    if (read) current = read;
  }
  return { card: toCard(current) };
}

/** "viewed get": who opened the card (admin and manager, when the company allows viewedby). */
export async function getViewedBy(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { attendanceId: number },
) {
  if (caller.role < ROLE.manager) throw forbidden();
  const company = await findCompany(deps.db, caller.companyId);
  const allow = (company?.metadata as { allow?: { viewedby?: boolean } } | undefined)?.allow;
  if (!allow?.viewedby) throw forbidden('Recurso não habilitado para a empresa.');
  const { attendance } = await loadForAction(deps, caller, input.attendanceId, { allowClosed: true });
  const rows = await listViews(deps.db, caller.companyId, attendance.id);
  return rows.map((r) => ({ user_id: r.userId, user_name: r.userName, viewed_at: r.viewedAt.toISOString() }));
}
