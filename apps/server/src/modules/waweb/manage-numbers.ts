import { randomUUID } from 'node:crypto';
import { type TWawebChannel, type TWawebInput, WAWEB_MSG } from '@prosa/shared/waweb';
import { isWawebOnline, isWawebRunning } from '@prosa/shared/waweb-states';
import { WAWEB_WAKE } from '../../channels/waweb/channel-server';
import { wantSession } from '../../channels/waweb/leases';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { wakeAfterCommit } from '../../platform/wake';
import { findSector } from '../sectors/repository';
import {
  findNumber,
  insertNumber,
  listNumbers,
  softDeleteNumber,
  updateNumber,
  type WawebConfig,
  type WawebNumberRow,
} from './repository';

// WhatsApp numbers by QR (spec 2: main.whatsapp): the list and form, and start and stop. Starting asks for the
// session (`wantSession`); a channel server claims it, shows the QR and connects (channels/waweb).

type Deps = Pick<AppDeps, 'db' | 'channelRepository'>;

export function toNumber(r: WawebNumberRow): TWawebChannel {
  return {
    id: r.id,
    name: r.name,
    sector_id: r.sectorId,
    phone_number: r.config.phone_number ?? '',
    allow_groups: r.config.allow_groups === true,
    pacing: r.config.pacing,
    state: r.state,
    state_since: r.stateSince?.toISOString() ?? null,
    running: isWawebRunning(r.state),
    online: isWawebOnline(r.state),
    qr: r.state === 'UNPAIRED' ? r.qr : null,
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
  };
}

const configOf = (input: TWawebInput): WawebConfig => ({
  phone_number: input.phone_number,
  allow_groups: input.allow_groups,
  pacing: input.pacing,
});

async function assertSector(deps: Deps, companyId: number, sectorId: number) {
  if (!(await findSector(deps.db, companyId, sectorId))) throw badRequest(WAWEB_MSG.sectorRequired);
}

async function mustFind(deps: Deps, caller: Caller, id: number) {
  const row = await findNumber(deps.db, caller.companyId, id);
  if (!row) throw notFound(WAWEB_MSG.notFound);
  return row;
}

export async function listCompanyNumbers(deps: Deps, caller: Caller) {
  return (await listNumbers(deps.db, caller.companyId)).map(toNumber);
}

export async function getNumber(deps: Deps, caller: Caller, id: number) {
  return toNumber(await mustFind(deps, caller, id));
}

export async function createNumber(deps: Deps, caller: Caller, input: TWawebInput) {
  await assertSector(deps, caller.companyId, input.sector_id);
  const id = await insertNumber(deps.db, {
    companyId: caller.companyId,
    name: input.name,
    sectorId: input.sector_id,
    config: configOf(input),
    routeKey: `waweb-${randomUUID()}`,
  });
  return getNumber(deps, caller, id);
}

export async function updateWawebNumber(deps: Deps, caller: Caller, id: number, input: TWawebInput) {
  await mustFind(deps, caller, id);
  await assertSector(deps, caller.companyId, input.sector_id);
  if (
    !(await updateNumber(deps.db, caller.companyId, id, {
      ...input,
      sectorId: input.sector_id,
      config: configOf(input),
    }))
  )
    throw notFound(WAWEB_MSG.notFound);
  await deps.channelRepository.forget(id);
  return getNumber(deps, caller, id);
}

export async function deleteNumber(deps: Deps, caller: Caller, id: number) {
  await mustFind(deps, caller, id);
  if (!(await softDeleteNumber(deps.db, caller.companyId, id))) throw badRequest(WAWEB_MSG.deleteRunning);
  await deps.channelRepository.forget(id);
  return { message: WAWEB_MSG.removed };
}

export async function startNumber(deps: Deps, caller: Caller, id: number) {
  const row = await mustFind(deps, caller, id);
  if (row.desired === 'running' || isWawebRunning(row.state)) throw badRequest(WAWEB_MSG.alreadyRunning);
  await wantSession(deps.db, { companyId: caller.companyId, channelId: id }, 'running');
  wakeAfterCommit(deps.db, WAWEB_WAKE);
  return getNumber(deps, caller, id);
}

export async function stopNumber(deps: Deps, caller: Caller, id: number) {
  const row = await mustFind(deps, caller, id);
  if (row.desired !== 'running' && !isWawebRunning(row.state)) throw badRequest(WAWEB_MSG.notRunning);
  await wantSession(deps.db, { companyId: caller.companyId, channelId: id }, 'stopped');
  wakeAfterCommit(deps.db, WAWEB_WAKE);
  return getNumber(deps, caller, id);
}
