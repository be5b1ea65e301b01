import type { TCompanyMetadata } from '@prosa/shared/company-metadata';
import { ADMIN_MSG } from '@prosa/shared/messages';
import { isSpecialSectorId, ORG_MSG, type TStatusValues } from '@prosa/shared/org-admin';
import { POLL_MSG } from '@prosa/shared/polls';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { companyMetadataOf } from '../company-metadata/get-metadata';
import { requirePermission } from '../permissions/require-permission';
import { findSector } from '../sectors/repository';
import {
  existingSectorIds,
  findStatusRow,
  insertStatus,
  listStatusesWithSectors,
  pollExists,
  replaceStatusSectors,
  type StatusValues,
  softDeleteStatus,
  updateStatusRow,
} from './repository';

type Deps = Pick<AppDeps, 'db'>;
/** The company a call acts on, already resolved by companyScope. */
type Target = { caller: Caller; companyId: number };

const ACTION = 'status_de_atendimento';

const canWrite = (deps: Deps, caller: Caller) =>
  requirePermission(deps.db, caller, ACTION, 'write', ADMIN_MSG.noWritePermission);

async function existingStatus(deps: Deps, companyId: number, id: number) {
  const row = id > 0 ? await findStatusRow(deps.db, companyId, id) : null;
  if (!row) throw notFound(ORG_MSG.statusNotFound);
  return row;
}

async function findSaved(deps: Deps, companyId: number, id: number) {
  const saved = (await listStatusesWithSectors(deps.db, companyId)).find((s) => s.id === id);
  if (!saved) throw notFound(ORG_MSG.statusNotFound);
  return saved;
}

/**
 * The checks that need the database: the sectors are the company's, and the chatbot option only where the
 * company allows chatbots (a status already used in bots may keep it).
 */
async function valuesOf(deps: Deps, companyId: number, input: TStatusValues, wasInBot: boolean) {
  const wanted = [...new Set(input.sectors)];
  const found = wanted.some(isSpecialSectorId) ? [] : await existingSectorIds(deps.db, companyId, wanted);
  if (found.length !== wanted.length) throw badRequest(ORG_MSG.statusSectorInvalid);
  if (input.use_in_bot && !wasInBot && !(await companyMetadataOf(deps.db, companyId)).allow.chatbots)
    throw badRequest(ORG_MSG.statusChatbotsNotAllowed);
  // Only a finalization sends a poll, and only one of the company's (not deleted).
  if (input.poll_id !== null) {
    if (input.should_close !== 1) throw badRequest(POLL_MSG.statusPollNotFinalization);
    if (!(await pollExists(deps.db, companyId, input.poll_id))) throw badRequest(POLL_MSG.statusPollInvalid);
  }
  const values: StatusValues = {
    name: input.name,
    shouldClose: input.should_close,
    useInBot: input.use_in_bot,
    shouldRequire: input.should_require,
    // Only a finalization closes an attendance, so only it can count as a success.
    success: input.should_close === 1 && input.success,
    color: input.color,
    message: input.message,
    pollId: input.poll_id,
  };
  return { values, sectors: wanted };
}

export async function listCompanyStatuses(deps: Deps, { caller, companyId }: Target) {
  await requirePermission(deps.db, caller, ACTION, 'read');
  return listStatusesWithSectors(deps.db, companyId);
}

/** "Load statuses by sector": those offered in the sector (linked to it or to no sector). */
export async function listSectorStatuses(deps: Deps, { caller, companyId }: Target, sectorId: number) {
  await requirePermission(deps.db, caller, ACTION, 'read');
  if (isSpecialSectorId(sectorId) || !(await findSector(deps.db, companyId, sectorId)))
    throw notFound(ORG_MSG.sectorNotFound);
  return listStatusesWithSectors(deps.db, companyId, sectorId);
}

export async function createStatus(deps: Deps, { caller, companyId }: Target, input: TStatusValues) {
  await canWrite(deps, caller);
  const { values, sectors } = await valuesOf(deps, companyId, input, false);
  const id = await deps.db.transaction(async (tx) => {
    const created = await insertStatus(tx, companyId, values);
    await replaceStatusSectors(tx, companyId, created, sectors);
    return created;
  });
  return { message: ORG_MSG.statusCreated, status: await findSaved(deps, companyId, id) };
}

export async function updateStatus(
  deps: Deps,
  { caller, companyId }: Target,
  id: number,
  input: TStatusValues,
) {
  await canWrite(deps, caller);
  const current = await existingStatus(deps, companyId, id);
  const { values, sectors } = await valuesOf(deps, companyId, input, current.useInBot);
  await deps.db.transaction(async (tx) => {
    await updateStatusRow(tx, companyId, id, values);
    await replaceStatusSectors(tx, companyId, id, sectors);
  });
  return { message: ORG_MSG.statusUpdated, status: await findSaved(deps, companyId, id) };
}

/** Settings that point at a status by id: deleting it would leave them pointing at nothing. */
function settingsUsing(meta: TCompanyMetadata, id: number): string[] {
  const is = (v: unknown) => v !== null && v !== undefined && Number(v) === id;
  const where: string[] = [];
  const rules = meta.attendances;
  if (is(rules.status_waiting_client_to_finalize) || is(rules.status_busy_client))
    where.push('Regras de atendimento');
  const dist = meta.auto_dist;
  if (is(dist.operator_waiting_response?.status) || is(dist.operator_waiting_response_end?.status))
    where.push('Nova distribuição');
  if (meta.blacklist.enabled && is(meta.blacklist.status_id)) where.push('Lista de bloqueio');
  return where;
}

/** Soft delete (deleted_at): the status leaves every list, the chat's included; past attendances keep it. */
export async function deleteStatus(deps: Deps, { caller, companyId }: Target, id: number) {
  await canWrite(deps, caller);
  const current = await existingStatus(deps, companyId, id);
  const where = settingsUsing(await companyMetadataOf(deps.db, companyId), id);
  if (where.length > 0) throw badRequest(ORG_MSG.statusInUse(where.join(', ')));
  await softDeleteStatus(deps.db, companyId, id);
  return { message: ORG_MSG.statusDeleted, should_close: current.shouldClose };
}
