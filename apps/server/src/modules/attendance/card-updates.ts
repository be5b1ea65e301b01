import { ATT_MSG } from '@prosa/shared/attendance';
import { ERROR_CODE } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { companyDefaultStatus } from '../companies/company-automation';
import { toCard } from './card';
import { loadForAction } from './load-for-action';
import { updateOpenAttendance } from './update-attendance';

type Deps = Pick<AppDeps, 'db'>;

const by = (caller: Caller) => ({ by: caller.userId });

const closedMeanwhile = () => new AppError(ERROR_CODE.conflict, ATT_MSG.alreadyClosed, 409);

/** save-notes: the attendance's notes, shared by everyone who sees it. */
export async function saveNotes(deps: Deps, caller: Caller, input: { attendanceId: number; notes: string }) {
  const { attendance } = await loadForAction(deps, caller, input.attendanceId);
  const row = await updateOpenAttendance(deps, attendance, { notes: input.notes }, by(caller));
  if (!row) throw closedMeanwhile();
  return { message: ATT_MSG.notesSaved, card: toCard(row) };
}

/** set-answered: marks the conversation as answered (or not) without sending anything. */
export async function setAnswered(
  deps: Deps,
  caller: Caller,
  input: { attendanceId: number; answered: boolean },
) {
  const { attendance } = await loadForAction(deps, caller, input.attendanceId);
  const row = await updateOpenAttendance(
    deps,
    attendance,
    {
      answered: input.answered,
      unreadCount: input.answered ? 0 : attendance.unreadCount,
    },
    by(caller),
  );
  if (!row) throw closedMeanwhile();
  return { message: 'Atendimento atualizado.', card: toCard(row) };
}

/** POST /set-busy-client/{company_id}/{sector_id}/{user_id}: flags (or clears) "client busy". */
export async function setBusyClient(
  deps: Deps,
  caller: Caller,
  input: { companyId: number; sectorId: number; userId: number; contact: number; busy: boolean },
) {
  if (input.companyId !== caller.companyId) throw notFound(ATT_MSG.attendanceNotFound);
  if (input.userId !== caller.userId) throw forbidden();
  const { attendance } = await loadForAction(deps, caller, input.contact);
  if (attendance.sectorId !== input.sectorId) throw notFound(ATT_MSG.sectorNotFound);
  const row = await updateOpenAttendance(deps, attendance, { busyClient: input.busy }, by(caller));
  if (!row) throw closedMeanwhile();
  return { message: 'Atendimento atualizado.', card: toCard(row) };
}

/** del-locked-contact: a manager removes a stuck (locked) attendance from the queue by closing it. */
export async function deleteLockedContact(deps: Deps, caller: Caller, input: { attendanceId: number }) {
  if (caller.role < ROLE.manager) throw forbidden();
  const { attendance } = await loadForAction(deps, caller, input.attendanceId);
  if (!attendance.locked) throw new AppError(ERROR_CODE.validation, ATT_MSG.lockedRemoveError, 400);
  // Closed with the company's default status when it has one (company edit, issue 24).
  const statusId = await companyDefaultStatus(deps.db, caller.companyId);
  const row = await updateOpenAttendance(
    deps,
    attendance,
    {
      ...(statusId !== null ? { statusId } : {}),
      closedAt: new Date(),
      closedByUserId: caller.userId,
      closedByUserName: caller.displayName,
      unreadCount: 0,
    },
    { by: caller.userId, closeReason: 'locked' },
  );
  if (!row) throw closedMeanwhile();
  return { message: 'Atendimento travado removido.', card: toCard(row) };
}
