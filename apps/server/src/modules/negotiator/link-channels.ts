import type { TNegotiatorWhatsappNumber } from '@prosa/shared/negotiator-admin';
import { readPayload } from '../multichannel/link-json';

// What a negotiator reads of a multichannel link: its WhatsApp numbers (waweb channel ids), and its web chat and
// NewChat when they are enabled.

export function linkChannels(payload: unknown) {
  const p = readPayload(payload);
  return {
    waweb: p.waweb.enabled ? p.waweb.number : [],
    webchat: p.web.enabled && p.web.webchat !== null ? p.web.webchat : null,
    newchat: p.nc.enabled && p.nc.newchat !== null ? p.nc.newchat : null,
  };
}

type ChannelLike = { id: number; kind: string; name: string; config: Record<string, unknown> };

export const phoneOf = (c: Pick<ChannelLike, 'config'>) =>
  typeof c.config.phone_number === 'string' ? c.config.phone_number : '';

/** The link's WhatsApp numbers that are live channels of the company, in the link's order. */
export function linkNumbers(payload: unknown, channels: ChannelLike[]): TNegotiatorWhatsappNumber[] {
  const byId = new Map(channels.filter((c) => c.kind === 'waweb').map((c) => [c.id, c]));
  return linkChannels(payload).waweb.flatMap((id) => {
    const c = byId.get(id);
    return c ? [{ channel_id: c.id, phone_number: phoneOf(c), name: c.name }] : [];
  });
}
