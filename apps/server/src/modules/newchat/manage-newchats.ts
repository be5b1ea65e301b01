import { randomBytes } from 'node:crypto';
import { ERROR_CODE } from '@prosa/shared/messages';
import { NEWCHAT_MSG, type TNewchat, type TNewchatInputParsed } from '@prosa/shared/newchat';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { findSector } from '../sectors/repository';
import { findStatusRow } from '../statuses/repository';
import {
  findChannelKind,
  findNewchat,
  insertNewchat,
  listNewchats,
  type NewchatRow,
  softDeleteNewchat,
  updateNewchatRow,
} from './repository';

type Deps = Pick<AppDeps, 'db' | 'channelRepository'>;

export function toNewchat(n: NewchatRow): TNewchat {
  return {
    id: n.id,
    type_id: 2,
    code: n.code,
    name: n.name,
    sector_id: n.sectorId,
    settings: n.settings,
    created_at: n.createdAt.toISOString(),
  };
}

// The sector and the finishing status must be the company's own (another company's id is "not there").
async function assertRefs(deps: Deps, companyId: number, input: TNewchatInputParsed) {
  if (!input.sector_id || !(await findSector(deps.db, companyId, input.sector_id)))
    throw badRequest(NEWCHAT_MSG.sectorRequired);
  const s = input.settings;
  if (s.hasFinish) {
    const status = s.finishStatus ? await findStatusRow(deps.db, companyId, s.finishStatus) : null;
    if (status?.shouldClose !== 1) throw badRequest(NEWCHAT_MSG.finishStatusRequired);
  }
  return input.sector_id;
}

export async function listCompanyNewchats(deps: Deps, caller: Caller) {
  return (await listNewchats(deps.db, caller.companyId)).map(toNewchat);
}

export async function getNewchat(deps: Deps, caller: Caller, id: number) {
  const n = await findNewchat(deps.db, caller.companyId, id);
  if (n) return toNewchat(n);
  // A Telegram (type 1) id opened in the NewChat wizard: the wizard says so and goes back to the list.
  if ((await findChannelKind(deps.db, caller.companyId, id)) === 'tg')
    throw badRequest(NEWCHAT_MSG.wrongType);
  throw notFound(NEWCHAT_MSG.notFound);
}

export async function createNewchat(deps: Deps, caller: Caller, input: TNewchatInputParsed) {
  const sectorId = await assertRefs(deps, caller.companyId, input);
  const row = await insertNewchat(deps.db, {
    companyId: caller.companyId,
    code: randomBytes(9).toString('base64url'),
    name: input.name,
    sectorId,
    settings: input.settings,
  }).catch(() => {
    throw new AppError(ERROR_CODE.conflict, NEWCHAT_MSG.createFailed, 409);
  });
  return toNewchat(row);
}

export async function updateNewchat(deps: Deps, caller: Caller, id: number, input: TNewchatInputParsed) {
  if (!(await findNewchat(deps.db, caller.companyId, id))) throw notFound(NEWCHAT_MSG.notFound);
  const sectorId = await assertRefs(deps, caller.companyId, input);
  const row = await updateNewchatRow(deps.db, caller.companyId, id, {
    name: input.name,
    sectorId,
    settings: input.settings,
  });
  if (!row) throw notFound(NEWCHAT_MSG.notFound);
  await deps.channelRepository.forget(id);
  return toNewchat(row);
}

export async function deleteNewchat(deps: Deps, caller: Caller, id: number) {
  if (!(await softDeleteNewchat(deps.db, caller.companyId, id)))
    throw notFound(NEWCHAT_MSG.newchatRemoveFailed);
  await deps.channelRepository.forget(id);
  return { message: NEWCHAT_MSG.removed };
}
