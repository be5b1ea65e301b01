import { randomUUID } from 'node:crypto';
import type { TWawebState } from '@prosa/shared/waweb-states';
import { createFactListener } from '../../facts/fact-listener';
import type { Db } from '../../platform/db';
import type { InboxWriter } from '../inbound/accept';
import {
  claimSessions,
  pingServer,
  releaseSession,
  renewSessions,
  type SessionRef,
  setSessionState,
} from './leases';
import { runWawebSession, type WawebSession } from './session';

// A channel server (ROLE=channels; `npm start` runs one in its process): it claims the WhatsApp Web sessions that
// should run, up to its capacity, runs each with Baileys, renews their leases, and gives up a session the moment
// it learns another server holds it or nobody wants it running. What the sessions receive goes to the inbox.

/** Channel servers listen here: a session wanted or let go is acted on at once, not at the next tick. */
export const WAWEB_WAKE = 'waweb';

/** The sessions running in this process, by channel id: the adapter sends through them. */
const local = new Map<number, WawebSession>();

/** The session of a channel if this process runs it. */
export const localWawebSession = (channelId: number): WawebSession | undefined => local.get(channelId);

export type ChannelServerOptions = {
  db: Db;
  url: string;
  appSecret: string;
  writer: InboxWriter;
  /** Where this server's control calls are reached (spec 2 §7). */
  publicUrl: string;
  id?: string;
  capacity?: number;
  /** How often it renews, claims and pings (ms). */
  tickMs?: number;
  leaseMs?: number;
  waWebSocketUrl?: string;
  /** Replaces WhatsApp's media hosts (uploads, history downloads) for the sessions (WAWEB_MEDIA_URL). */
  mediaUrl?: string;
  /** Told of every state its sessions record (the v2 control calls' webhooks listen here). */
  onState?: (ref: SessionRef, state: TWawebState, qr: string | null) => void;
  log?: (msg: string, err?: unknown) => void;
};

export type ChannelServer = {
  readonly id: string;
  ready: Promise<void>;
  /** The sessions this server runs now, by channel id. */
  sessions(): ReadonlyMap<number, WawebSession>;
  /** Runs one round now (tests, and the wake). */
  tick(): Promise<void>;
  /** Reconnects a session this server runs (spec 2 §7 refresh); false when it does not run it. */
  refresh(channelId: number): Promise<boolean>;
  /** Logs a session this server runs out of its phone (spec 2 §7 logout); false when it does not run it. */
  logout(channelId: number): Promise<boolean>;
  /** Closes every session and lets them go (another server takes them at once); stops ticking. */
  stop(): Promise<void>;
};

export function startChannelServer(opts: ChannelServerOptions): ChannelServer {
  const id = opts.id ?? `cs-${randomUUID()}`;
  const capacity = opts.capacity ?? 200;
  const running = new Map<number, { ref: SessionRef; session: WawebSession }>();
  let stopped = false;
  let round: Promise<void> | null = null;
  let again = false;

  const drop = async (channelId: number, release: boolean) => {
    const held = running.get(channelId);
    if (!held) return;
    running.delete(channelId);
    if (local.get(channelId) === held.session) local.delete(channelId);
    await held.session.stop();
    if (release) await releaseSession(opts.db, id, held.ref, 'not-running');
  };

  const start = (ref: SessionRef) => {
    const session = runWawebSession(
      {
        db: opts.db,
        appSecret: opts.appSecret,
        ...(opts.waWebSocketUrl ? { waWebSocketUrl: opts.waWebSocketUrl } : {}),
        ...(opts.mediaUrl ? { mediaUploadUrl: opts.mediaUrl, mediaDownloadUrl: opts.mediaUrl } : {}),
      },
      ref,
      {
        state: async (state, extra) => {
          // Told by the lease that another server holds it now: this one lets it go at once.
          if (!(await setSessionState(opts.db, id, ref, { state, ...extra })))
            await drop(ref.channelId, false);
          else opts.onState?.(ref, state, extra.qr ?? null);
        },
        events: (rows) =>
          opts.writer.write(
            rows.map((r) => ({
              companyId: ref.companyId,
              channelId: ref.channelId,
              orderingKey: r.orderingKey,
              payload: r.payload,
            })),
          ),
        log: opts.log,
      },
    );
    running.set(ref.channelId, { ref, session });
    local.set(ref.channelId, session);
  };

  const once = async () => {
    await pingServer(opts.db, { id, url: opts.publicUrl });
    const held = await renewSessions(opts.db, { serverId: id, leaseMs: opts.leaseMs });
    const still = new Map(held.map((h) => [h.channelId, h]));
    for (const channelId of [...running.keys()]) {
      const h = still.get(channelId);
      if (!h) await drop(channelId, false);
      else if (h.desired === 'stopped') await drop(channelId, true);
    }
    // Held in the table but not running here (this server restarted with the same id): run it again.
    for (const h of held) if (h.desired === 'running' && !running.has(h.channelId)) start(h);
    for (const h of held)
      if (h.desired === 'stopped' && !running.has(h.channelId))
        await releaseSession(opts.db, id, h, 'not-running');
    if (stopped) return;
    const claimed = await claimSessions(opts.db, {
      serverId: id,
      max: capacity - running.size,
      leaseMs: opts.leaseMs,
    });
    for (const ref of claimed) start(ref);
  };

  const tick = async () => {
    if (round) {
      again = true;
      return round;
    }
    round = (async () => {
      do {
        again = false;
        await once().catch((err: unknown) => opts.log?.('servidor de canais: rodada falhou', err));
      } while (again && !stopped);
    })().finally(() => {
      round = null;
    });
    return round;
  };

  const timer = setInterval(() => void tick(), opts.tickMs ?? 1000);
  const listener = createFactListener({
    url: opts.url,
    channel: WAWEB_WAKE,
    pollMs: 3_600_000,
    onWake: () => void tick(),
    log: opts.log,
  });

  return {
    id,
    ready: listener.ready.then(() => tick()),
    sessions: () => new Map([...running].map(([k, v]) => [k, v.session])),
    tick,
    async refresh(channelId) {
      const held = running.get(channelId);
      if (!held) return false;
      await held.session.restart();
      return true;
    },
    async logout(channelId) {
      const held = running.get(channelId);
      if (!held) return false;
      await held.session.logout();
      return true;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listener.stop();
      await round;
      for (const channelId of [...running.keys()]) {
        const held = running.get(channelId);
        running.delete(channelId);
        if (!held) continue;
        if (local.get(channelId) === held.session) local.delete(channelId);
        await held.session.stop();
        // Still wanted: left for another server to take at once, as it was.
        await releaseSession(opts.db, id, held.ref, 'UNLAUNCHED');
      }
    },
  };
}
