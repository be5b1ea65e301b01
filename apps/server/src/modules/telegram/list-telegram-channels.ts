import type { Caller } from '../../platform/deps';
import { listTgChannels } from './repository';
import { sectorNames, type TelegramDeps, telegramRow, toTelegramChannel } from './telegram-view';

export async function listTelegramChannels(deps: TelegramDeps, caller: Caller) {
  const names = await sectorNames(deps, caller.companyId);
  return (await listTgChannels(deps.db, caller.companyId)).map((r) =>
    toTelegramChannel(deps, r, names.get(r.defaultSectorId) ?? null),
  );
}

export async function getTelegramChannel(deps: TelegramDeps, caller: Caller, id: number) {
  const row = await telegramRow(deps, caller.companyId, id);
  const names = await sectorNames(deps, caller.companyId);
  return toTelegramChannel(deps, row, names.get(row.defaultSectorId) ?? null);
}
