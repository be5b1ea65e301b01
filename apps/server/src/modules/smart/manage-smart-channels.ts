import {
  SMART_MSG,
  SMART_TEXT_MAX,
  type TSmartChannel,
  type ZSmartChannelInput,
  ZSmartConfig,
} from '@prosa/shared/smart';
import type { z } from '@prosa/shared/zod';
import type { ChannelRow } from '../../db/schema/channels';
import type { Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { type GatewayDeps, hintOf, sectorNames, unseal, webhookUrlOf } from '../sms/gateway-view';
import {
  findGatewayChannel,
  insertGatewayChannel,
  listGatewayChannels,
  saveGatewayChannel,
  softDeleteGatewayChannel,
} from '../sms/repository';
import { smartValues } from './smart-values';

type Input = z.output<typeof ZSmartChannelInput>;

/** A Smart channel as the screens see it, with its text limit (250 on SMS, 4096 on WhatsApp) and webhook URL. */
function toSmartChannel(deps: GatewayDeps, row: ChannelRow, sectorName: string | null): TSmartChannel {
  const c = ZSmartConfig.parse(row.config);
  return {
    id: row.id,
    gateway: c.gateway,
    name: row.name,
    default_sector_id: row.defaultSectorId,
    sector_name: sectorName,
    active: row.active,
    hasTranshipment: c.has_transhipment,
    text_limit: SMART_TEXT_MAX[c.medium],
    extra_data: {
      medium: c.medium,
      base_url: c.base_url,
      sender: c.sender,
      whatsapp_sender: c.whatsapp_sender,
      token_hint: hintOf(unseal(deps, row.secretsSealed.token)),
    },
    webhook_url: webhookUrlOf(deps, row),
    created_at: row.createdAt.toISOString(),
  };
}

async function smartRow(deps: GatewayDeps, companyId: number, id: number) {
  const row = await findGatewayChannel(deps.db, companyId, 'smart', id);
  if (!row) throw notFound(SMART_MSG.notFound);
  return row;
}

export async function listSmartChannels(deps: GatewayDeps, caller: Caller) {
  const names = await sectorNames(deps, caller.companyId);
  return (await listGatewayChannels(deps.db, caller.companyId, 'smart')).map((r) =>
    toSmartChannel(deps, r, names.get(r.defaultSectorId) ?? null),
  );
}

export async function getSmartChannel(deps: GatewayDeps, caller: Caller, id: number) {
  const row = await smartRow(deps, caller.companyId, id);
  const names = await sectorNames(deps, caller.companyId);
  return toSmartChannel(deps, row, names.get(row.defaultSectorId) ?? null);
}

export async function createSmartChannel(deps: GatewayDeps, caller: Caller, input: Input) {
  const id = await insertGatewayChannel(deps.db, 'smart', await smartValues(deps, caller, input, null));
  return getSmartChannel(deps, caller, id);
}

export async function updateSmartChannel(deps: GatewayDeps, caller: Caller, id: number, input: Input) {
  const before = await smartRow(deps, caller.companyId, id);
  await saveGatewayChannel(deps.db, 'smart', id, await smartValues(deps, caller, input, before));
  await deps.channelRepository.forget(id);
  return getSmartChannel(deps, caller, id);
}

export async function deleteSmartChannel(deps: GatewayDeps, caller: Caller, id: number) {
  await smartRow(deps, caller.companyId, id);
  await softDeleteGatewayChannel(deps.db, caller.companyId, 'smart', id);
  await deps.channelRepository.forget(id);
  return { message: SMART_MSG.removed };
}
