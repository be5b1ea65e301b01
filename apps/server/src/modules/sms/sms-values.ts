import {
  cleanConditionals,
  isGenericBroker,
  SMS_MSG,
  type TSmsChannelInput,
  type TSmsConfig,
  ZGenericBroker,
  type ZSmsChannelInput,
} from '@prosa/shared/sms';
import type { z } from '@prosa/shared/zod';
import type { ChannelRow } from '../../db/schema/channels';
import type { Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { assertSectors, type GatewayDeps, newWebhookSecret, seal, unseal } from './gateway-view';
import type { GatewayValues } from './repository';

type Input = z.output<typeof ZSmsChannelInput>;

export type { TSmsChannelInput };

/**
 * The stored values of an SMS channel from the form (spec 2 §5): gateway, name, default sector and each broker's
 * extra_data filled ("Preencha os campos obrigatórios."), conditionals with sector and condition ("Há condições
 * inválidas nos campos!"), the broker's addresses through the outbound-URL guard. On an update a blank
 * credential keeps the stored one.
 */
export async function smsValues(
  deps: GatewayDeps,
  caller: Caller,
  input: Input,
  before: ChannelRow | null,
): Promise<GatewayValues> {
  const x = input.extra_data;
  const token = x.token || (before ? unseal(deps, before.secretsSealed.token) : '');
  const headers = x.headers.trim() || (before ? unseal(deps, before.secretsSealed.headers) : '');
  const b = input.gateway;
  let generic: TSmsConfig['generic'];
  if (isGenericBroker(b)) {
    const g = ZGenericBroker.safeParse(x.generic ?? {});
    if (!g.success) throw badRequest(SMS_MSG.required);
    if (g.data.method === 'POST' && !g.data.body_template) throw badRequest(SMS_MSG.required);
    generic = g.data;
    await deps.outbound.assertUrl(g.data.send_url.replace(/\{\{[^}]*\}\}/g, 'x'));
  } else {
    const needs = b === 'movile' ? [token, x.username] : [token, x.sender];
    if (needs.some((v) => !v)) throw badRequest(SMS_MSG.required);
    if (x.base_url) await deps.outbound.assertUrl(x.base_url);
  }
  const conditionals = cleanConditionals(input.conditionals);
  if (conditionals === 'invalid') throw badRequest(SMS_MSG.invalidConditionals);
  if (conditionals === 'twoDefaults') throw badRequest(SMS_MSG.oneDefault);
  await assertSectors(deps, caller.companyId, [input.default_sector_id], SMS_MSG.sectorInvalid);
  await assertSectors(
    deps,
    caller.companyId,
    conditionals.map((c) => c.sector_id),
    SMS_MSG.invalidConditionals,
  );
  const config: TSmsConfig = {
    broker: b,
    base_url: isGenericBroker(b) ? '' : x.base_url,
    sender: x.sender,
    username: x.username,
    ...(generic ? { generic } : {}),
    conditionals,
    uses_webhook: true,
  };
  const webhookSecret = before?.secretsSealed.webhook_secret ?? seal(deps, newWebhookSecret());
  return {
    companyId: caller.companyId,
    name: input.name,
    defaultSectorId: input.default_sector_id,
    active: input.active,
    config,
    secretsSealed: {
      webhook_secret: webhookSecret,
      ...(token ? { token: seal(deps, token) } : {}),
      ...(headers ? { headers: seal(deps, headers) } : {}),
    },
  };
}
