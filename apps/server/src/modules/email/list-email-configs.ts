import type { Caller } from '../../platform/deps';
import { type EmailDeps, emailRow, sectorNames, toEmailConfig } from './email-view';
import { listEmChannels } from './repository';

export async function listEmailConfigs(deps: EmailDeps, caller: Caller) {
  const names = await sectorNames(deps, caller.companyId);
  return (await listEmChannels(deps.db, caller.companyId)).map((r) =>
    toEmailConfig(r, names.get(r.defaultSectorId) ?? null),
  );
}

export async function getEmailConfig(deps: EmailDeps, caller: Caller, id: number) {
  const row = await emailRow(deps, caller.companyId, id);
  const names = await sectorNames(deps, caller.companyId);
  return toEmailConfig(row, names.get(row.defaultSectorId) ?? null);
}
