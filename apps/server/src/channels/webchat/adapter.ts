import type { EventBus } from '../../platform/events';
import type { ChannelAdapter } from '../types';

/**
 * The web chat: inbound messages come from our own visitor API; outbound ones go to the visitor's browser
 * over the /webchat socket namespace (room of the visitor id). A widget that is closed reloads them from the
 * visitor API, so the message counts as sent once emitted.
 */
export function webchatAdapter(events: EventBus): ChannelAdapter {
  return {
    kind: 'web',
    limits: {
      textMaxLength: null,
      mediaTypes: ['image/bmp', 'image/gif', 'image/jpeg', 'image/png', 'video/mp4', 'application/pdf'],
      maxMediaBytes: 2 * 1024 * 1024,
    },
    send: async (m) => {
      events.emit('visitor:message', {
        companyId: m.companyId,
        visitorId: m.contactExternalId,
        message: m.stored,
      });
      return { state: 'sent' };
    },
  };
}
