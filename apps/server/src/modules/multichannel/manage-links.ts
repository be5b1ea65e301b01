import { randomBytes } from 'node:crypto';
import {
  configuredTypes,
  MULTICHANNEL_MSG,
  MULTICHANNEL_PER_PAGE,
  type TMultichannel,
  type TMultichannelInput,
  type TMultichannelPage,
} from '@prosa/shared/multichannel';
import type { MultichannelLinkRow } from '../../db/schema/multichannel';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { readPayload, readWidget } from './link-json';
import { isOwnLogo } from './link-logo';
import { assertOwnChannels } from './linkable-channels';
import { findLink, insertLink, listLinks, softDeleteLink, updateLinkRow } from './repository';

type Deps = Pick<AppDeps, 'db'>;

export function toMultichannel(row: MultichannelLinkRow): TMultichannel {
  return {
    id: row.id,
    name: row.name,
    hash: row.hash,
    widget: readWidget(row.widget),
    payload: readPayload(row.payload),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listMultichannels(
  deps: Deps,
  caller: Caller,
  query: { page: number; search?: string },
): Promise<TMultichannelPage> {
  const { rows, total } = await listLinks(deps.db, caller.companyId, {
    ...query,
    perPage: MULTICHANNEL_PER_PAGE,
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      hash: r.hash,
      channels: configuredTypes(readPayload(r.payload)),
      updated_at: r.updatedAt.toISOString(),
    })),
    total,
    page: query.page,
    per_page: MULTICHANNEL_PER_PAGE,
  };
}

export async function getMultichannel(deps: Deps, caller: Caller, id: number) {
  const row = await findLink(deps.db, caller.companyId, id);
  if (!row) throw notFound(MULTICHANNEL_MSG.notFound);
  return toMultichannel(row);
}

async function checkInput(deps: Deps, caller: Caller, input: TMultichannelInput) {
  await assertOwnChannels(deps.db, caller.companyId, input.payload);
  if (input.widget.logo_image !== null && !isOwnLogo(caller.companyId, input.widget.logo_image))
    throw badRequest(MULTICHANNEL_MSG.uploadFailed);
}

export async function createMultichannel(deps: Deps, caller: Caller, input: TMultichannelInput) {
  await checkInput(deps, caller, input);
  const row = await insertLink(deps.db, {
    companyId: caller.companyId,
    // 16 URL-safe characters from 96 random bits: the public name of the link, not guessable.
    hash: randomBytes(12).toString('base64url'),
    name: input.name,
    widget: input.widget,
    payload: input.payload,
  });
  return toMultichannel(row);
}

export async function updateMultichannel(deps: Deps, caller: Caller, id: number, input: TMultichannelInput) {
  if (!(await findLink(deps.db, caller.companyId, id))) throw notFound(MULTICHANNEL_MSG.notFound);
  await checkInput(deps, caller, input);
  const row = await updateLinkRow(deps.db, caller.companyId, id, {
    name: input.name,
    widget: input.widget,
    payload: input.payload,
  });
  if (!row) throw notFound(MULTICHANNEL_MSG.notFound);
  return toMultichannel(row);
}

export async function deleteMultichannel(deps: Deps, caller: Caller, id: number) {
  if (!(await softDeleteLink(deps.db, caller.companyId, id))) throw notFound(MULTICHANNEL_MSG.notFound);
  return { message: MULTICHANNEL_MSG.removed };
}
