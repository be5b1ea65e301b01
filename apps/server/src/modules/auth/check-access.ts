import { ipAllowed } from '@prosa/shared/ip';
import { ERROR_CODE, MSG } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import { AppError } from '../../platform/errors';
import type { UserWithCompany } from './repository';

/** Checks made at login and on every authenticated request: active user, active company, IP allow-list. */
export function checkAccess(found: UserWithCompany, ip: string, now = new Date()): void {
  const { user, company } = found;
  if (user.inactiveSince && user.inactiveSince <= now) {
    throw new AppError(ERROR_CODE.forbidden, MSG.userInactive, 403);
  }
  if (company.statusId !== 1 || (company.inactiveSince && company.inactiveSince <= now)) {
    throw new AppError(ERROR_CODE.forbidden, MSG.companyInactive, 403);
  }
  // The platform owner (1000) is never locked out by a company's list.
  if (user.role < ROLE.lord && company.data.use_filter_ip && !ipAllowed(ip, company.data.ips)) {
    throw new AppError(ERROR_CODE.ipNotAllowed, MSG.ipNotAllowed, 403);
  }
}
