import { assignableRoles, USER_MSG } from '@prosa/shared/users-admin';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import {
  companyProfiles,
  companySectors,
  findUserIdByEmail,
  pageUsers,
  restrictTransferOf,
  userDetail,
} from './repository';

type Deps = Pick<AppDeps, 'db'>;

/** Users of the company up to the caller's role, searched by name or e-mail, a page at a time. */
export function listCompanyUsers(
  deps: Deps,
  caller: Caller,
  companyId: number,
  q: { search?: string; page: number; per_page: number },
) {
  return pageUsers(deps.db, {
    companyId,
    maxRole: caller.role,
    search: q.search,
    page: q.page,
    perPage: q.per_page,
  });
}

export async function getCompanyUser(deps: Deps, caller: Caller, companyId: number, userId: number) {
  const user = await userDetail(deps.db, companyId, userId, caller.role);
  if (!user) throw notFound();
  return user;
}

/** Search user by e-mail (spec 2 §7): the exact address, in this company, up to the caller's role. */
export async function getUserByEmail(deps: Deps, caller: Caller, companyId: number, email: string) {
  const id = await findUserIdByEmail(deps.db, companyId, email, caller.role);
  if (id === null) throw notFound(USER_MSG.notFoundByEmail);
  return getCompanyUser(deps, caller, companyId, id);
}

/** What the user modal offers: the company's sectors and profiles, the roles the caller may give. */
export async function userFormOptions(deps: Deps, caller: Caller, companyId: number) {
  const [sectors, profiles, restrict] = await Promise.all([
    companySectors(deps.db, companyId),
    companyProfiles(deps.db, companyId),
    restrictTransferOf(deps.db, companyId),
  ]);
  return { sectors, profiles, roles: assignableRoles(caller.role), restrict_transfer: restrict };
}
