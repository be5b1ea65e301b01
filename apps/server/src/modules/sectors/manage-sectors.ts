import { ADMIN_MSG } from '@prosa/shared/messages';
import { isSpecialSectorId, ORG_MSG, type TSectorInput } from '@prosa/shared/org-admin';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { requirePermission } from '../permissions/require-permission';
import {
  channelUsingSector,
  countOpenAttendances,
  countSectors,
  findSector,
  findSectorByName,
  insertSector,
  listSectorsWithCounts,
  renameSector,
  softDeleteSector,
} from './repository';

type Deps = Pick<AppDeps, 'db'>;
/** The company a call acts on, already resolved by companyScope. */
type Target = { caller: Caller; companyId: number };

const ACTION = 'setores_de_atendimento';

/** Sector ids 0 (default) and -1 (ignore) are choices in pickers, never sectors that can be edited. */
async function existingSector(deps: Deps, companyId: number, id: number) {
  const sector = isSpecialSectorId(id) ? null : await findSector(deps.db, companyId, id);
  if (!sector) throw notFound(ORG_MSG.sectorNotFound);
  return sector;
}

async function assertUniqueName(deps: Deps, companyId: number, name: string, exceptId?: number) {
  if (await findSectorByName(deps.db, companyId, name, exceptId)) throw badRequest(ORG_MSG.sectorDuplicate);
}

export async function listCompanySectors(deps: Deps, { caller, companyId }: Target) {
  await requirePermission(deps.db, caller, ACTION, 'read');
  return listSectorsWithCounts(deps.db, companyId);
}

export async function createSector(deps: Deps, { caller, companyId }: Target, input: TSectorInput) {
  await requirePermission(deps.db, caller, ACTION, 'write', ADMIN_MSG.noWritePermission);
  await assertUniqueName(deps, companyId, input.name);
  const sector = await deps.db.transaction((tx) => insertSector(tx, companyId, input.name));
  return { message: ORG_MSG.sectorCreated, sector };
}

export async function updateSector(
  deps: Deps,
  { caller, companyId }: Target,
  id: number,
  input: TSectorInput,
) {
  await requirePermission(deps.db, caller, ACTION, 'write', ADMIN_MSG.noWritePermission);
  const sector = await existingSector(deps, companyId, id);
  await assertUniqueName(deps, companyId, input.name, id);
  await renameSector(deps.db, companyId, id, input.name);
  return { message: ORG_MSG.sectorUpdated, sector: { ...sector, name: input.name } };
}

/**
 * Soft delete (deleted_at), refused while the sector still serves someone: open attendances, a web chat that
 * sends its conversations there, or being the company's only sector.
 */
export async function deleteSector(deps: Deps, { caller, companyId }: Target, id: number) {
  await requirePermission(deps.db, caller, ACTION, 'write', ADMIN_MSG.noWritePermission);
  await existingSector(deps, companyId, id);
  await deps.db.transaction(async (tx) => {
    if ((await countOpenAttendances(tx, companyId, id)) > 0)
      throw badRequest(ORG_MSG.sectorHasOpenAttendances);
    if ((await countSectors(tx, companyId)) <= 1) throw badRequest(ORG_MSG.sectorIsLast);
    const channel = await channelUsingSector(tx, companyId, id);
    if (channel) throw badRequest(ORG_MSG.sectorUsedByChannel(channel.kind, channel.name));
    await softDeleteSector(tx, companyId, id);
  });
  return { message: ORG_MSG.sectorDeleted };
}
