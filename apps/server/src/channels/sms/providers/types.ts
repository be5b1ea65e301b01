import type { TGenericBroker } from '@prosa/shared/sms';
import type { OutboundGuard } from '../../../platform/outbound-url';
import type { DeliveryStatus, SendResult } from '../../port';

// One provider interface for every SMS broker and Smart gateway (as Chatwoot's WhatsApp providers): send one text,
// read what its webhooks say. Each provider speaks its broker's real API at the account's base URL.

export type SmsMedium = 'sms' | 'whatsapp';

/** A channel's account at its broker, secrets unsealed. */
export type BrokerAccount = {
  baseUrl: string;
  /** Zenvia's X-API-TOKEN, Infobip's API key, Movile's AuthenticationToken. */
  token: string;
  /** Movile's UserName. */
  username: string;
  /** The SMS sender (Zenvia's "from", Infobip's "from"). */
  sender: string;
  whatsappSender: string;
  /** Extra headers of the generic broker ("Nome: valor" lines, sealed). */
  headers: Record<string, string>;
  generic: Partial<TGenericBroker> | null;
};

export type BrokerSend = { to: string; text: string; ourId: string; medium: SmsMedium };

/** A contact's message as the broker's webhook gave it. */
export type BrokerInbound = { from: string; id: string; text: string; at: Date; medium: SmsMedium };

export interface SmsProvider {
  /** One attempt: accepted (the broker's id), retry (429, 5xx) or error (refused; unknownOutcome: no answer). */
  send(http: OutboundGuard, account: BrokerAccount, m: BrokerSend): Promise<SendResult>;
  /** The contacts' messages a webhook call carries. */
  parseInbound(account: BrokerAccount, piece: unknown): BrokerInbound[];
  /** The delivery reports a webhook call carries. */
  parseStatus(account: BrokerAccount, piece: unknown): DeliveryStatus[];
}
