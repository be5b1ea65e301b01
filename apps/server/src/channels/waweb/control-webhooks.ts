import type { TWawebWebhookNotice } from '@prosa/shared/waweb';
import type { TWawebState } from '@prosa/shared/waweb-states';
import type { OutboundGuard } from '../../platform/outbound-url';
import type { SessionRef } from './leases';

// The `webhook` of /api/v2/channel/start|refresh (spec 2 §7): while this server runs the channel, each state it
// records (and each new QR) is POSTed there as JSON, through the outbound-URL guard. It lives with the holder:
// /api/v2/channel/stop, or the session leaving this server, ends it.

export type ControlWebhook = { url: string; uuid: string };

export type ControlWebhooks = {
  /** Watches a channel; answers the webhook it replaces. */
  set(channelId: number, hook: ControlWebhook): ControlWebhook | undefined;
  remove(channelId: number): void;
  /** The channel server's `onState`. */
  notify(ref: SessionRef, state: TWawebState, qr: string | null): void;
};

export function createControlWebhooks(
  outbound: OutboundGuard,
  log?: (msg: string, err?: unknown) => void,
): ControlWebhooks {
  const hooks = new Map<number, ControlWebhook>();
  // One chain per webhook: its notices arrive in the order of the states.
  const chains = new Map<number, Promise<void>>();
  return {
    set(channelId, hook) {
      const previous = hooks.get(channelId);
      hooks.set(channelId, hook);
      return previous;
    },
    remove: (channelId) => void hooks.delete(channelId),
    notify(ref, state, qr) {
      const hook = hooks.get(ref.channelId);
      if (!hook) return;
      const notice: TWawebWebhookNotice = { uuid: hook.uuid, state, qr, at: new Date().toISOString() };
      const previous = chains.get(ref.channelId) ?? Promise.resolve();
      const next = previous.then(async () => {
        try {
          const r = await outbound.fetch(
            hook.url,
            { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(notice) },
            { timeoutMs: 10_000 },
          );
          // Read to the end: the connection is then free for the next notice.
          await r.arrayBuffer();
        } catch (err) {
          log?.('webhook do canal não recebeu o estado', err);
        }
      });
      chains.set(ref.channelId, next);
      void next.finally(() => {
        if (chains.get(ref.channelId) === next) chains.delete(ref.channelId);
      });
    },
  };
}
