import type { TSmartConfig } from '@prosa/shared/smart';
import { SMS_DEFAULT_BASE_URL } from '@prosa/shared/sms';
import type { OpenChannel } from '../port';
import type { BrokerAccount } from '../sms/providers/types';

/** A Smart channel's account at its gateway (Zenvia or Infobip), secrets unsealed. */
export function smartAccount(ch: OpenChannel<TSmartConfig>): BrokerAccount {
  const c = ch.config;
  return {
    baseUrl: c.base_url || SMS_DEFAULT_BASE_URL[c.gateway],
    token: ch.secrets.token ?? '',
    username: '',
    sender: c.sender,
    whatsappSender: c.whatsapp_sender,
    headers: {},
    generic: null,
  };
}
