import { SMART_MSG, type TSmartConfig, type ZSmartChannelInput } from '@prosa/shared/smart';
import type { z } from '@prosa/shared/zod';
import type { ChannelRow } from '../../db/schema/channels';
import type { Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { assertSectors, type GatewayDeps, newWebhookSecret, seal, unseal } from '../sms/gateway-view';
import type { GatewayValues } from '../sms/repository';

type Input = z.output<typeof ZSmartChannelInput>;

/**
 * A Smart channel's stored values (spec 2 §5): gateway, name, default sector and every extra_data value defined
 * ("Preencha os campos obrigatórios."): the token (kept when blank on an update) and, on WhatsApp, its sender.
 */
export async function smartValues(
  deps: GatewayDeps,
  caller: Caller,
  input: Input,
  before: ChannelRow | null,
): Promise<GatewayValues> {
  const x = input.extra_data;
  const token = x.token || (before ? unseal(deps, before.secretsSealed.token) : '');
  if (!token || (x.medium === 'whatsapp' && !x.whatsapp_sender)) throw badRequest(SMART_MSG.required);
  await deps.outbound.assertUrl(x.base_url);
  await assertSectors(deps, caller.companyId, [input.default_sector_id], SMART_MSG.sectorInvalid);
  const config: TSmartConfig = {
    gateway: input.gateway,
    medium: x.medium,
    base_url: x.base_url,
    sender: x.sender,
    whatsapp_sender: x.whatsapp_sender,
    has_transhipment: input.hasTranshipment,
  };
  return {
    companyId: caller.companyId,
    name: input.name,
    defaultSectorId: input.default_sector_id,
    active: input.active,
    config,
    secretsSealed: {
      webhook_secret: before?.secretsSealed.webhook_secret ?? seal(deps, newWebhookSecret()),
      token: seal(deps, token),
    },
  };
}
