import { ZSmartConfig } from '@prosa/shared/smart';
import { SMS_BROKER_LABEL, type TActiveSmsChannel, ZSmsConfig } from '@prosa/shared/sms';
import type { Db } from '../../platform/db';
import { listGatewayChannels } from '../sms/repository';

/**
 * The channels an active SMS may leave from: the SMS screen's channels (is_new_channel) and the Smart channels
 * whose medium is SMS; inactive ones are not offered.
 */
export async function activeSmsChannels(db: Db, companyId: number): Promise<TActiveSmsChannel[]> {
  const [sms, smart] = await Promise.all([
    listGatewayChannels(db, companyId, 'sms'),
    listGatewayChannels(db, companyId, 'smart'),
  ]);
  const out: TActiveSmsChannel[] = [];
  for (const r of sms) {
    const c = ZSmsConfig.safeParse(r.config);
    if (r.active && c.success)
      out.push({
        id: r.id,
        name: r.name,
        kind: 'sms',
        gateway: SMS_BROKER_LABEL[c.data.broker],
        is_new_channel: true,
      });
  }
  for (const r of smart) {
    const c = ZSmartConfig.safeParse(r.config);
    if (r.active && c.success && c.data.medium === 'sms')
      out.push({ id: r.id, name: r.name, kind: 'smart', gateway: c.data.gateway, is_new_channel: false });
  }
  return out;
}
