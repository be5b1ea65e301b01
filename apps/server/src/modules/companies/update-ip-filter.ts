import type { TIpFilter } from '@prosa/shared/company';
import { ipAllowed } from '@prosa/shared/ip';
import { MSG } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { updateCompany } from './repository';

/** Saves the IP allow-list; it is enforced on the next request of every user of the company. */
export async function updateIpFilter(
  deps: Pick<AppDeps, 'db' | 'events'>,
  caller: Caller,
  input: TIpFilter & { currentIp: string },
) {
  const ips = input.ips.map((e) => ({ ip: e.ip.trim(), mask: e.mask }));
  // Saving a list that excludes the admin's own address would lock them out on the next click.
  if (input.use_filter_ip && caller.role < ROLE.lord && !ipAllowed(input.currentIp, ips)) {
    throw badRequest(MSG.ipLockout);
  }
  await updateCompany(deps.db, caller.companyId, { data: { use_filter_ip: input.use_filter_ip, ips } });
  deps.events.emit('company:updated', { companyId: caller.companyId, changed: ['ip_filter'] });
  return { message: MSG.companyUpdated };
}
