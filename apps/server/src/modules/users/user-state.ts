import { brDateToIso, startOfDayIn } from '@prosa/shared/dates';
import { USER_MSG } from '@prosa/shared/users-admin';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { setOperatorStatus } from '../distribution/operator-status';
import { companyTimezone, findManagedUser, userDetail } from './repository';
import { endSessions } from './save-user';

type Deps = Pick<AppDeps, 'db'>;

/** The operation as if called inside the managed company (an admin may act on a company in their list). */
const inCompany = (caller: Caller, companyId: number): Caller => ({ ...caller, companyId });

/**
 * Inactivation (spec 2 §4, §5): from the given day (DD/MM/YYYY, company timezone) the user cannot log in.
 * They go off-line at once (their chats follow the company's rule) and their open sessions end.
 */
export async function inactivateUser(
  deps: Deps,
  caller: Caller,
  companyId: number,
  userId: number,
  date: string,
) {
  const iso = brDateToIso(date);
  if (!iso) throw badRequest(USER_MSG.inactivationDate);
  const user = await findManagedUser(deps.db, companyId, userId, caller.role);
  if (!user) throw notFound();
  if (userId === caller.userId) throw badRequest('Você não pode inativar o seu próprio usuário.');
  const since = startOfDayIn(iso, await companyTimezone(deps.db, companyId));
  if (user.operatorStatus === 'online') {
    await setOperatorStatus(deps, inCompany(caller, companyId), { userId, status: 'offline' });
  }
  await deps.db
    .update(users)
    .set({ inactiveSince: since, operatorStatus: 'offline', updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  await endSessions(deps, companyId, userId, 'logout');
  return { message: USER_MSG.inactivated, user: await detailOrThrow(deps, caller, companyId, userId) };
}

export async function activateUser(deps: Deps, caller: Caller, companyId: number, userId: number) {
  const user = await findManagedUser(deps.db, companyId, userId, caller.role);
  if (!user) throw notFound();
  await deps.db
    .update(users)
    .set({ inactiveSince: null, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return { message: USER_MSG.activated, user: await detailOrThrow(deps, caller, companyId, userId) };
}

/** setStatus for a user of the managed company: the distribution rules and realtime events stay the same. */
export async function setUserStatus(
  deps: Deps,
  caller: Caller,
  companyId: number,
  userId: number,
  status: 'online' | 'offline',
) {
  const user = await findManagedUser(deps.db, companyId, userId, caller.role);
  if (!user) throw notFound();
  if (status === 'online' && user.inactiveSince) throw badRequest(USER_MSG.inactiveOnline);
  return setOperatorStatus(deps, inCompany(caller, companyId), { userId, status });
}

async function detailOrThrow(deps: Deps, caller: Caller, companyId: number, userId: number) {
  const detail = await userDetail(deps.db, companyId, userId, caller.role);
  if (!detail) throw notFound();
  return detail;
}
