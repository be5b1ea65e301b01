import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { z } from '@prosa/shared/zod';
import type { ChannelAdapter } from '../port';

/** A web chat's config: the look and the form of the widget (the code of its <script> tag is the route key). */
export const ZWebchatConfig = z.object({ custom_data: z.record(z.string(), z.unknown()).default({}) });
export type WebchatConfig = z.output<typeof ZWebchatConfig>;

/**
 * The web chat: inbound messages come from our own visitor API; outbound ones reach the visitor's browser from
 * their `message.sent` fact (realtime/fact-fanout.ts, the /webchat namespace, room of the visitor id) on every
 * API node. A widget that is closed reloads them from the visitor API, so the message counts as sent once
 * stored: there is no provider to hand it to.
 */
export const webchatAdapter: ChannelAdapter<WebchatConfig> = {
  kind: 'web',
  capabilities: capabilitiesOf('web'),
  config: ZWebchatConfig,
  send: async () => ({ state: 'sent' }),
};
