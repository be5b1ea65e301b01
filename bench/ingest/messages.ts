import type { WhatsAppPeer } from '../../apps/server/test/peers/whatsapp-cloud-peer';
import { META_APP_SECRET } from './cluster';
import { type SignedWebhook, signWebhook } from './http';

export type InboundMessage = SignedWebhook & { text: string; wamid: string; waId: string };

/**
 * Message `i` of a run: one text message in one signed Cloud API webhook. The text and the wamid are
 * unique per run and name each other, so rows and socket events can be counted per wamid by their text.
 * Senders rotate over `contacts` numbers from `firstContact` (new cards first, then messages on open cards).
 */
export function inboundMessage(
  peer: WhatsAppPeer,
  prefix: string,
  i: number,
  contacts: number,
  firstContact = 0,
): InboundMessage {
  const contact = firstContact + (i % contacts);
  const waId = `5511${String(900_000_000 + contact)}`;
  const text = `${prefix}${String(i).padStart(6, '0')}`;
  const wamid = `wamid.bench.${text}`;
  const payload = peer.messagesPayload({ waId, name: `Cliente ${contact}` }, [peer.text(waId, text, wamid)]);
  return { ...signWebhook(META_APP_SECRET, payload), text, wamid, waId };
}
