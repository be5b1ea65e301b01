import pg from 'pg';
import { OWN_WAKE, onLocalWake } from '../platform/wake';

export type FactListener = {
  /** Resolves once the first LISTEN is in place (facts committed after it wake the callback at once). */
  ready: Promise<void>;
  stop(): Promise<void>;
};

export type FactListenerOptions = {
  url: string;
  /** Called on every NOTIFY, on every poll and after each reconnection; it must not throw. */
  onWake: () => void;
  /** Fallback poll, for a notification lost with a connection. */
  pollMs?: number;
  /** Wait before reconnecting after the connection failed. */
  reconnectMs?: number;
  channel?: string;
  /** Each notification's payload, before the wake (this process's own included). */
  onNotification?: (payload: string) => void;
  /** After each (re)connection, before its wake: what was notified while no one listened is unknown. */
  onConnect?: () => void;
  log?: (msg: string, err?: unknown) => void;
};

/**
 * A dedicated connection listening on `facts` (writeFacts notifies it at commit). LISTEN needs its own session,
 * so it never comes from the pool. On error it reconnects; the caller reads from its cursor on each wake, so a
 * notification missed meanwhile only delays a read until the next wake.
 */
export function createFactListener(opts: FactListenerOptions): FactListener {
  const channel = opts.channel ?? 'facts';
  const reconnectMs = opts.reconnectMs ?? 1000;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const wake = () => {
    if (!stopped) opts.onWake();
  };

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, reconnectMs);
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: opts.url, application_name: 'prosa-facts' });
    client = c;
    let failed = false;
    const fail = (err?: unknown) => {
      if (failed) return;
      failed = true;
      if (client === c) client = null;
      c.end().catch(() => {});
      if (!stopped) {
        opts.log?.('conexão de escuta de fatos perdida; reconectando', err);
        scheduleReconnect();
      }
    };
    c.on('error', fail);
    c.on('end', () => fail());
    c.on('notification', (n) => {
      if (n.channel !== channel || stopped) return;
      opts.onNotification?.(n.payload ?? '');
      // This process's own wakes reached its listeners already, without the round trip.
      if (n.payload !== OWN_WAKE) wake();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      fail(err);
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    opts.onConnect?.();
    markReady();
    // Facts may have committed while no one listened.
    wake();
  };

  const poll = setInterval(wake, opts.pollMs ?? 1000);
  // Woken by this process at once; by the others through NOTIFY.
  const offLocal = onLocalWake(channel, wake);
  void connect();

  return {
    ready,
    async stop() {
      stopped = true;
      clearInterval(poll);
      offLocal();
      if (retry) clearTimeout(retry);
      retry = null;
      const c = client;
      client = null;
      markReady();
      if (c) await c.end().catch(() => {});
    },
  };
}
