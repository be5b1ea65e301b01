import type { Tx } from '../../platform/db';
import type { DeliveryStatus, InboundContact, InboundMessage, InboundReaction, OpenChannel } from '../port';

/**
 * Where the inbox delivers what a provider said: the conversation core (modules/attendance/inbound-sink.ts,
 * wired in main.ts), so channels/ never imports the modules. Every method is idempotent: an event processed
 * twice (a lease lost, a redelivery) changes nothing the second time.
 */
export type InboundSink = {
  /** Whether a message with this provider id is stored already (a redelivery: nothing to download again). */
  has(ch: OpenChannel, externalId: string): Promise<boolean>;
  /** Stores a contact's message with its files already fetched (one transaction, its facts in it). */
  message(
    ch: OpenChannel,
    contact: InboundContact,
    message: Omit<InboundMessage, 'media'> & { attachments: unknown[] },
  ): Promise<void>;
  /**
   * Stores many messages of this channel (many contacts, each contact's in input order) in one transaction,
   * as `message` would one by one; redelivered ones store nothing. `alsoInTx` runs in that transaction after
   * the messages (the inbox marks the events they came from processed, so both commit together).
   */
  messages(
    ch: OpenChannel,
    items: { contact: InboundContact; message: Omit<InboundMessage, 'media'> & { attachments: unknown[] } }[],
    alsoInTx?: (tx: Tx) => Promise<void>,
  ): Promise<void>;
  /** Keeps a reaction on the message it names; false when that message is unknown. */
  reaction(ch: OpenChannel, reaction: InboundReaction): Promise<boolean>;
  /** Applies a delivery status, never going back; false when the message is not stored yet. */
  status(ch: OpenChannel, status: DeliveryStatus): Promise<boolean>;
};
