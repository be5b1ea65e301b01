import { ATT_MSG } from '@prosa/shared/attendance';
import { ERROR_CODE } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import { and, eq, isNull } from 'drizzle-orm';
import { userSectors, users, userTransferSectors } from '../../db/schema/users';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { findCompany } from '../companies/repository';
import { findSector } from '../sectors/repository';
import { toCard } from './card';
import { loadForAction } from './load-for-action';
import { assertOperatorHasRoom } from './operator-limit';
import { updateOpenAttendance } from './update-attendance';

type Allow = { opTransfer?: boolean; allowedSectors?: boolean; restrictTransfer?: boolean };

async function transferRules(deps: Pick<AppDeps, 'db'>, caller: Caller) {
  const company = await findCompany(deps.db, caller.companyId);
  const allow = ((company?.metadata as { allow?: Allow } | undefined)?.allow ?? {}) as Allow;
  // With opTransfer on, operators cannot change sector or operator (spec 1 §6).
  if (allow.opTransfer && caller.role === ROLE.operator)
    throw new AppError(ERROR_CODE.forbidden, ATT_MSG.noPermission, 403);
  return allow;
}

/** switch-sector: the attendance goes to another sector's queue (unassigned unless its operator works there). */
export async function switchSector(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { attendanceId: number; sectorId: number },
) {
  const allow = await transferRules(deps, caller);
  const { attendance, viewer } = await loadForAction(deps, caller, input.attendanceId);
  const sector = await findSector(deps.db, caller.companyId, input.sectorId);
  if (!sector) throw notFound(ATT_MSG.sectorNotFound);
  if (allow.allowedSectors && caller.role === ROLE.operator && !viewer.sectorIds.includes(sector.id)) {
    throw new AppError(ERROR_CODE.forbidden, ATT_MSG.noPermission, 403);
  }
  if (allow.restrictTransfer && caller.role === ROLE.operator) {
    const permitted = await deps.db
      .select()
      .from(userTransferSectors)
      .where(
        and(
          eq(userTransferSectors.companyId, caller.companyId),
          eq(userTransferSectors.userId, caller.userId),
          eq(userTransferSectors.sectorId, sector.id),
        ),
      )
      .limit(1);
    if (permitted.length === 0) throw new AppError(ERROR_CODE.forbidden, ATT_MSG.noPermission, 403);
  }
  let keepOperator = false;
  if (attendance.operatorAssignedId !== null) {
    const member = await deps.db
      .select()
      .from(userSectors)
      .where(
        and(
          eq(userSectors.companyId, caller.companyId),
          eq(userSectors.userId, attendance.operatorAssignedId),
          eq(userSectors.sectorId, sector.id),
        ),
      )
      .limit(1);
    keepOperator = member.length > 0;
  }
  const row = await updateOpenAttendance(
    deps,
    attendance,
    {
      sectorId: sector.id,
      ...(keepOperator ? {} : { operatorAssignedId: null, operatorAssignedName: null }),
    },
    { by: caller.userId, reason: 'transfer' },
  );
  if (!row) throw new AppError(ERROR_CODE.conflict, ATT_MSG.alreadyClosed, 409);
  return { message: ATT_MSG.sectorChanged, card: toCard(row) };
}

/** switch-operator: hands the attendance to an active user of its sector. */
export async function switchOperator(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { attendanceId: number; operatorId: number },
) {
  await transferRules(deps, caller);
  const { attendance } = await loadForAction(deps, caller, input.attendanceId);
  const [target] = await deps.db
    .select({ id: users.id, displayName: users.displayName, role: users.role })
    .from(users)
    .innerJoin(
      userSectors,
      and(
        eq(userSectors.companyId, users.companyId),
        eq(userSectors.userId, users.id),
        eq(userSectors.sectorId, attendance.sectorId),
      ),
    )
    .where(
      and(eq(users.companyId, caller.companyId), eq(users.id, input.operatorId), isNull(users.inactiveSince)),
    )
    .limit(1);
  if (!target) throw notFound('Operador não encontrado neste setor.');
  // Spec 1 §6: a chat goes only to a role at or below the caller's (an operator cannot hand it to an admin).
  if (target.role > caller.role) throw new AppError(ERROR_CODE.forbidden, ATT_MSG.operatorAboveRole, 403);
  const row = await updateOpenAttendance(
    deps,
    attendance,
    { operatorAssignedId: target.id, operatorAssignedName: target.displayName },
    { by: caller.userId, reason: 'transfer' },
    (tx) => assertOperatorHasRoom(tx, caller.companyId, target.id),
  );
  if (!row) throw new AppError(ERROR_CODE.conflict, ATT_MSG.alreadyClosed, 409);
  return { message: ATT_MSG.operatorChanged, card: toCard(row) };
}
