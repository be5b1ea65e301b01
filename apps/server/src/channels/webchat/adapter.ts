import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { z } from '@prosa/shared/zod';
import type { ChannelAdapter } from '../port';

/** A web chat's config: the look and the form of the widget (the code of its <script> tag is the route key). */
export const ZWebchatConfig = z.object({ custom_data: z.record(z.string(), z.unknown()).default({}) });
export type WebchatConfig = z.output<typeof ZWebchatConfig>;

/**
 * The web chat: inbound messages come from our own visitor API; outbound ones go to the visitor's browser
 * over the /webchat socket namespace (room of the visitor id). A widget that is closed reloads them from the
 * visitor API, so the message counts as sent once emitted.
 */
export const webchatAdapter: ChannelAdapter<WebchatConfig> = {
  kind: 'web',
  capabilities: capabilitiesOf('web'),
  config: ZWebchatConfig,
  send: async (ctx, ch, m) => {
    if (!ctx.socket) return { state: 'error', error: 'Entrega ao visitante indisponível.' };
    ctx.socket.events.emit('visitor:message', {
      companyId: ch.companyId,
      visitorId: m.to.externalId,
      message: ctx.socket.message,
    });
    return { state: 'sent' };
  },
};
