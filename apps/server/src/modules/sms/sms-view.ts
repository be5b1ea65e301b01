import { SMS_MSG, type TSmsChannel, ZSmsConfig } from '@prosa/shared/sms';
import type { ChannelRow } from '../../db/schema/channels';
import { notFound } from '../../platform/errors';
import { type GatewayDeps, hintOf, unseal } from './gateway-view';
import { findGatewayChannel } from './repository';

/** An SMS channel as the screens see it: never the credentials (only a hint) nor the webhook secret. */
export function toSmsChannel(deps: GatewayDeps, row: ChannelRow, sectorName: string | null): TSmsChannel {
  const c = ZSmsConfig.parse(row.config);
  return {
    id: row.id,
    gateway: c.broker,
    name: row.name,
    default_sector_id: row.defaultSectorId,
    sector_name: sectorName,
    active: row.active,
    uses_webhook: c.uses_webhook,
    extra_data: {
      base_url: c.base_url,
      sender: c.sender,
      username: c.username,
      token_hint: hintOf(unseal(deps, row.secretsSealed.token)),
      has_headers: Boolean(row.secretsSealed.headers),
      generic: c.generic ?? null,
    },
    conditionals: c.conditionals,
    created_at: row.createdAt.toISOString(),
  };
}

/** The company's live SMS channel; another company's or an unknown id is not found. */
export async function smsRow(deps: GatewayDeps, companyId: number, id: number): Promise<ChannelRow> {
  const row = await findGatewayChannel(deps.db, companyId, 'sms', id);
  if (!row) throw notFound(SMS_MSG.notFound);
  return row;
}
