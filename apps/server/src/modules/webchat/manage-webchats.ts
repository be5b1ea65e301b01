import { randomBytes } from 'node:crypto';
import { type TWebchat, type TWebchatInput, WEBCHAT_MSG } from '@prosa/shared/webchat';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { findSector } from '../sectors/repository';
import {
  findWebchat,
  insertWebchat,
  listWebchats,
  softDeleteWebchat,
  updateWebchatRow,
  type WebchatRow,
} from './repository';
import { logoUrl } from './webchat-logo';

type Deps = Pick<AppDeps, 'db' | 'channelRepository'>;

export function toWebchat(w: WebchatRow): TWebchat {
  return {
    id: w.id,
    code: w.code,
    name: w.name,
    sector_id: w.sectorId,
    custom_data: w.customData as TWebchat['custom_data'],
    logo_url: logoUrl(w.code, w.logoPath),
    created_at: w.createdAt.toISOString(),
  };
}

async function assertSector(deps: Deps, companyId: number, sectorId: number) {
  if (!(await findSector(deps.db, companyId, sectorId))) throw badRequest(WEBCHAT_MSG.sectorRequired);
}

export async function listCompanyWebchats(deps: Deps, caller: Caller) {
  return (await listWebchats(deps.db, caller.companyId)).map(toWebchat);
}

export async function getWebchat(deps: Deps, caller: Caller, id: number) {
  const w = await findWebchat(deps.db, caller.companyId, id);
  if (!w) throw notFound(WEBCHAT_MSG.notFound);
  return toWebchat(w);
}

export async function createWebchat(deps: Deps, caller: Caller, input: TWebchatInput) {
  await assertSector(deps, caller.companyId, input.sector_id);
  const row = await insertWebchat(deps.db, {
    companyId: caller.companyId,
    code: randomBytes(9).toString('base64url'),
    name: input.name,
    sectorId: input.sector_id,
    customData: input.custom_data,
  });
  return toWebchat(row);
}

export async function updateWebchat(deps: Deps, caller: Caller, id: number, input: TWebchatInput) {
  if (!(await findWebchat(deps.db, caller.companyId, id))) throw notFound(WEBCHAT_MSG.notFound);
  await assertSector(deps, caller.companyId, input.sector_id);
  const row = await updateWebchatRow(deps.db, caller.companyId, id, {
    name: input.name,
    sectorId: input.sector_id,
    customData: input.custom_data,
  });
  if (!row) throw notFound(WEBCHAT_MSG.notFound);
  await deps.channelRepository.forget(id);
  return toWebchat(row);
}

export async function deleteWebchat(deps: Deps, caller: Caller, id: number) {
  if (!(await findWebchat(deps.db, caller.companyId, id))) throw notFound(WEBCHAT_MSG.notFound);
  await softDeleteWebchat(deps.db, caller.companyId, id);
  await deps.channelRepository.forget(id);
  return { message: WEBCHAT_MSG.removed };
}
