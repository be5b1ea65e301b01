import {
  maskSecret,
  type TWaentChannel,
  type TWaentChannelInput,
  type TWaentChannelPatch,
  WAENT_DEFAULT_API,
  WAENT_MSG,
} from '@prosa/shared/waent';
import { sectors } from '../../db/schema/organization';
import { publicUrl } from '../../platform/config';
import { decryptSecret, encryptSecret } from '../../platform/crypto';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { findSector } from '../sectors/repository';
import {
  findChannel,
  insertWaentChannel,
  listChannels,
  numberTaken,
  saveWaentChannel,
  softDeleteWaentChannel,
  type WaentChannelRow,
} from './repository';

type Deps = Pick<AppDeps, 'db' | 'appSecret' | 'config' | 'outbound' | 'channelRepository'>;

export const webhookPath = (id: number) => `/api/webhooks/waent/${id}`;

function unseal(deps: Deps, sealed: string) {
  try {
    return decryptSecret(sealed, deps.appSecret);
  } catch {
    return '';
  }
}

export function toChannel(deps: Deps, row: WaentChannelRow, sectorName: string | null): TWaentChannel {
  return {
    id: row.id,
    name: row.name,
    default_sector_id: row.defaultSectorId,
    sector_name: sectorName,
    broker: row.broker,
    phone_number: row.phoneNumber,
    phone_number_id: row.phoneNumberId,
    waba_id: row.wabaId,
    display_name: row.displayName,
    access_token: maskSecret(unseal(deps, row.accessTokenSealed)),
    app_secret: maskSecret(unseal(deps, row.appSecretSealed)),
    verify_token: maskSecret(row.verifyToken),
    api_base_url: row.apiBaseUrl,
    messages_per_second: row.messagesPerSecond,
    messaging_limit: row.messagingLimit,
    is_active: row.isActive,
    is_cloud: row.isCloud,
    webhook_url: `${publicUrl(deps.config).replace(/\/+$/, '')}${webhookPath(row.id)}`,
    created_at: row.createdAt.toISOString(),
  };
}

async function sectorNames(deps: Deps, companyId: number) {
  const rows = await deps.db
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(ofCompany(sectors, companyId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function assertSector(deps: Deps, companyId: number, sectorId: number) {
  if (!(await findSector(deps.db, companyId, sectorId))) throw badRequest(WAENT_MSG.sectorInvalid);
}

async function assertNumberFree(deps: Deps, phoneNumberId: string, exceptId?: number) {
  if (await numberTaken(deps.db, phoneNumberId, exceptId)) throw badRequest(WAENT_MSG.duplicateNumber);
}

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

export async function listCompanyChannels(deps: Deps, caller: Caller) {
  const names = await sectorNames(deps, caller.companyId);
  return (await listChannels(deps.db, caller.companyId)).map((r) =>
    toChannel(deps, r, names.get(r.defaultSectorId) ?? null),
  );
}

export async function getChannel(deps: Deps, caller: Caller, id: number) {
  const row = await findChannel(deps.db, caller.companyId, id);
  if (!row) throw notFound(WAENT_MSG.notFound);
  const names = await sectorNames(deps, caller.companyId);
  return toChannel(deps, row, names.get(row.defaultSectorId) ?? null);
}

export async function createChannel(deps: Deps, caller: Caller, input: TWaentChannelInput) {
  const sectorId = input.default_sector_id ?? 0;
  await assertSector(deps, caller.companyId, sectorId);
  await assertNumberFree(deps, input.phone_number_id);
  // The server sends the channel's token to this URL: same rules as at connect time (https, public address).
  if (input.api_base_url) await deps.outbound.assertUrl(input.api_base_url);
  try {
    const row = await insertWaentChannel(deps.db, {
      companyId: caller.companyId,
      name: input.name ?? '',
      defaultSectorId: sectorId,
      broker: input.broker ?? 'meta',
      phoneNumber: input.phone_number?.replace(/\D/g, '') || null,
      phoneNumberId: input.phone_number_id,
      wabaId: input.waba_id,
      displayName: input.display_name || null,
      accessTokenSealed: encryptSecret(input.access_token ?? '', deps.appSecret),
      appSecretSealed: encryptSecret(input.app_secret ?? '', deps.appSecret),
      verifyToken: input.verify_token ?? '',
      apiBaseUrl: input.api_base_url || WAENT_DEFAULT_API,
      messagesPerSecond: input.messages_per_second ?? 80,
      messagingLimit: input.messaging_limit ?? 'unlimited',
      isActive: input.is_active ?? true,
      isCloud: true,
    });
    return getChannel(deps, caller, row.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(WAENT_MSG.duplicateNumber);
    throw err;
  }
}

export async function updateChannel(deps: Deps, caller: Caller, id: number, input: TWaentChannelPatch) {
  const row = await findChannel(deps.db, caller.companyId, id);
  if (!row) throw notFound(WAENT_MSG.notFound);
  if (input.default_sector_id !== undefined)
    await assertSector(deps, caller.companyId, input.default_sector_id);
  if (input.phone_number_id !== undefined && input.phone_number_id !== row.phoneNumberId)
    await assertNumberFree(deps, input.phone_number_id, id);
  if (input.api_base_url) await deps.outbound.assertUrl(input.api_base_url);
  try {
    await saveWaentChannel(deps.db, id, {
      companyId: row.companyId,
      name: input.name ?? row.name,
      defaultSectorId: input.default_sector_id ?? row.defaultSectorId,
      broker: input.broker ?? row.broker,
      phoneNumber:
        input.phone_number !== undefined ? input.phone_number.replace(/\D/g, '') || null : row.phoneNumber,
      phoneNumberId: input.phone_number_id || row.phoneNumberId,
      wabaId: input.waba_id || row.wabaId,
      displayName: input.display_name !== undefined ? input.display_name || null : row.displayName,
      // Secrets left blank are kept.
      accessTokenSealed: input.access_token
        ? encryptSecret(input.access_token, deps.appSecret)
        : row.accessTokenSealed,
      appSecretSealed: input.app_secret
        ? encryptSecret(input.app_secret, deps.appSecret)
        : row.appSecretSealed,
      verifyToken: input.verify_token || row.verifyToken,
      apiBaseUrl: input.api_base_url !== undefined ? input.api_base_url || WAENT_DEFAULT_API : row.apiBaseUrl,
      messagesPerSecond: input.messages_per_second ?? row.messagesPerSecond,
      messagingLimit: input.messaging_limit ?? row.messagingLimit,
      isActive: input.is_active ?? row.isActive,
      isCloud: row.isCloud,
    });
    await deps.channelRepository.forget(id);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(WAENT_MSG.duplicateNumber);
    throw err;
  }
  return getChannel(deps, caller, id);
}

export async function deleteChannel(deps: Deps, caller: Caller, id: number) {
  const row = await findChannel(deps.db, caller.companyId, id);
  if (!row) throw notFound(WAENT_MSG.notFound);
  await softDeleteWaentChannel(deps.db, caller.companyId, id);
  await deps.channelRepository.forget(id);
  return { message: WAENT_MSG.removed };
}
