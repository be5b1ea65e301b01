import { SMS_DEFAULT_BASE_URL, type TSmsConfig } from '@prosa/shared/sms';
import type { OpenChannel } from '../port';
import { parseHeaderLines } from './providers/generic';
import type { BrokerAccount } from './providers/types';

/** An SMS channel's account at its broker: config plus unsealed secrets. */
export function smsAccount(ch: OpenChannel<TSmsConfig>): BrokerAccount {
  const c = ch.config;
  const fallback = c.broker in SMS_DEFAULT_BASE_URL ? SMS_DEFAULT_BASE_URL[c.broker as 'zenvia'] : '';
  return {
    baseUrl: c.base_url || fallback,
    token: ch.secrets.token ?? '',
    username: c.username,
    sender: c.sender,
    whatsappSender: '',
    headers: parseHeaderLines(ch.secrets.headers ?? ''),
    generic: c.generic ?? null,
  };
}
