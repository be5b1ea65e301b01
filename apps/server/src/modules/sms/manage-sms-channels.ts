import { SMS_MSG, type ZSmsChannelInput } from '@prosa/shared/sms';
import type { z } from '@prosa/shared/zod';
import type { Caller } from '../../platform/deps';
import { type GatewayDeps, sectorNames, webhookUrlOf } from './gateway-view';
import {
  insertGatewayChannel,
  listGatewayChannels,
  saveGatewayChannel,
  softDeleteGatewayChannel,
} from './repository';
import { smsValues } from './sms-values';
import { smsRow, toSmsChannel } from './sms-view';

type Input = z.output<typeof ZSmsChannelInput>;

export async function listSmsChannels(deps: GatewayDeps, caller: Caller) {
  const names = await sectorNames(deps, caller.companyId);
  return (await listGatewayChannels(deps.db, caller.companyId, 'sms')).map((r) =>
    toSmsChannel(deps, r, names.get(r.defaultSectorId) ?? null),
  );
}

export async function getSmsChannel(deps: GatewayDeps, caller: Caller, id: number) {
  const row = await smsRow(deps, caller.companyId, id);
  const names = await sectorNames(deps, caller.companyId);
  return toSmsChannel(deps, row, names.get(row.defaultSectorId) ?? null);
}

export async function createSmsChannel(deps: GatewayDeps, caller: Caller, input: Input) {
  const id = await insertGatewayChannel(deps.db, 'sms', await smsValues(deps, caller, input, null));
  return getSmsChannel(deps, caller, id);
}

export async function updateSmsChannel(deps: GatewayDeps, caller: Caller, id: number, input: Input) {
  const before = await smsRow(deps, caller.companyId, id);
  await saveGatewayChannel(deps.db, 'sms', id, await smsValues(deps, caller, input, before));
  await deps.channelRepository.forget(id);
  return getSmsChannel(deps, caller, id);
}

export async function deleteSmsChannel(deps: GatewayDeps, caller: Caller, id: number) {
  await smsRow(deps, caller.companyId, id);
  await softDeleteGatewayChannel(deps.db, caller.companyId, 'sms', id);
  await deps.channelRepository.forget(id);
  return { message: SMS_MSG.removed };
}

/**
 * get_api_key (spec 2 §7): what to paste in the broker's panel — the webhook URL with the channel's secret, and
 * the same secret for brokers that send it as a header instead.
 */
export async function getSmsApiKey(deps: GatewayDeps, caller: Caller, id: number) {
  const row = await smsRow(deps, caller.companyId, id);
  const url = webhookUrlOf(deps, row);
  return { api_key: url.slice(url.lastIndexOf('/') + 1), webhook_url: url, header: 'X-Prosa-Token' };
}
