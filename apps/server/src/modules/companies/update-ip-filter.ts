import type { TIpFilter } from '@prosa/shared/company';
import { ipAllowed } from '@prosa/shared/ip';
import { MSG } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import { noticeCompanyUpdated } from '../../facts/notices';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { updateCompany } from './repository';

/**
 * Saves a company's IP allow-list (the caller's own or, from company edit, one of their list); it is enforced
 * on the next request of every user of that company.
 */
export async function updateIpFilter(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  companyId: number,
  input: TIpFilter & { currentIp: string },
) {
  const ips = input.ips.map((e) => ({ ip: e.ip.trim(), mask: e.mask }));
  // Saving a list of one's own company that excludes the admin's address would lock them out on the next
  // click. Another company's list is about that company's users, not the caller's connection.
  if (
    input.use_filter_ip &&
    companyId === caller.companyId &&
    caller.role < ROLE.lord &&
    !ipAllowed(input.currentIp, ips)
  ) {
    throw badRequest(MSG.ipLockout);
  }
  await updateCompany(deps.db, companyId, { data: { use_filter_ip: input.use_filter_ip, ips } });
  await noticeCompanyUpdated(deps.db, companyId, ['ip_filter']);
  return { message: MSG.companyUpdated };
}
