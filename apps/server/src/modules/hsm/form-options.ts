import type { AppDeps, Caller } from '../../platform/deps';
import { listChannels } from '../waent/repository';
import { choosableCompanies, companyNames } from './repository';

/** The companies a template may be given to, and the numbers whose templates can be synchronised. */
export async function hsmFormOptions(deps: Pick<AppDeps, 'db'>, caller: Caller) {
  const companies = await companyNames(deps.db, await choosableCompanies(deps.db, caller));
  const channels = await listChannels(deps.db, caller.companyId);
  return { companies, channels: channels.map((c) => ({ id: c.id, name: c.name })) };
}
