import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { type TWawebConfig, ZWawebConfig } from '@prosa/shared/waweb';
import type { ChannelAdapter } from '../port';
import { localWawebSession } from './channel-server';
import { parseWaweb, splitWaweb } from './inbound';

/** How long a message waits for its number's session to run again before the next attempt. */
const NOT_RUNNING_RETRY_MS = 5000;

/**
 * WhatsApp by QR code (issue 13): the session runs on a channel server (channel-server.ts), which puts what it
 * receives straight in the inbox — there is no webhook to accept, so `resolve` finds nothing. Messages leave
 * through the session of this process; a number whose session is not running here waits and is tried again.
 */
export const wawebAdapter: ChannelAdapter<TWawebConfig> = {
  kind: 'waweb',
  capabilities: capabilitiesOf('waweb'),
  config: ZWawebConfig,
  inbound: {
    resolve: async () => null,
    verify: () => false,
    split: splitWaweb,
    parse: (ch, payload) => parseWaweb(payload, { allowGroups: ch.config.allow_groups }),
  },
  async send(_ctx, ch, m) {
    const session = localWawebSession(ch.id);
    if (!session || session.state !== 'CONNECTED')
      return { state: 'retry', error: 'Canal não está rodando', retryAfterMs: NOT_RUNNING_RETRY_MS };
    // Files by QR come next (issue 13): refused rather than sent without them.
    if (m.media.length > 0)
      return { state: 'error', error: 'Envio de arquivos por este número ainda não disponível' };
    const phone = m.to.externalId;
    const jid = phone.includes('@') ? phone : `${phone}@s.whatsapp.net`;
    try {
      const sent = await session.sendText(jid, m.text);
      return { state: 'sent', providerMessageId: sent.id };
    } catch (err) {
      // Handed to the socket or not: never sent twice.
      return {
        state: 'error',
        error: err instanceof Error ? err.message : String(err),
        unknownOutcome: true,
      };
    }
  },
};
