import { TELEGRAM_MSG, type TTgConfig } from '@prosa/shared/telegram';
import { and, eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { channels } from '../../db/schema/channels';
import type { ChannelCtx, OpenChannel } from '../port';
import type { ChannelRepository } from '../repository';
import { botCall, TelegramError } from './bot-api';
import { commitUpdates, readCursor } from './commit-updates';
import { TG_ALLOWED_UPDATES } from './provision';
import { setTgState } from './state';

// Telegram bots without a webhook (no public https address), on the worker role: one getUpdates long poll per
// live, active polling channel. Two nodes never poll one bot: a node polls a channel only while it holds the
// channel's advisory lock, on a connection of its own (a node that dies loses its locks with its connection,
// and another node takes the channel at its next scan). Channels created, changed or removed are seen at the
// next scan (every few seconds).

/** The advisory lock namespace of Telegram polling (pg_try_advisory_lock(int, int)). */
const LOCK_NS = 0x7467; // "tg"

export type TelegramPollerOptions = {
  /** The database URL, for the locks' own connection. */
  url: string;
  ctx: ChannelCtx;
  channelRepository: Pick<ChannelRepository, 'findById'>;
  /** How often the live channels are read again. */
  scanMs?: number;
  /** getUpdates' long-poll timeout, in seconds. */
  pollSeconds?: number;
  /** Backoff after a network or server failure (doubles up to maxBackoffMs). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** The wait after Telegram refused the token (401): it is tried again only this slowly. */
  unauthorizedMs?: number;
  log?: (msg: string, err?: unknown) => void;
};

export type TelegramPoller = {
  /** The channels this node polls now. */
  polling(): number[];
  /** Reads the channels again now (tests, after a change). */
  scan(): Promise<void>;
  stop(): Promise<void>;
};

/** A running long poll; `version` is the channel's updated_at when it began (a change restarts it). */
type Loop = { abort: AbortController; done: Promise<void>; version: number };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export function startTelegramPoller(opts: TelegramPollerOptions): TelegramPoller {
  const { ctx } = opts;
  const db = ctx.db;
  const log = opts.log ?? (() => {});
  const scanMs = opts.scanMs ?? 3000;
  const pollSeconds = opts.pollSeconds ?? 25;
  const loops = new Map<number, Loop>();
  let client: pg.Client | null = null;
  let stopped = false;
  let scanning: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const lockClient = async () => {
    if (client) return client;
    const c = new pg.Client({ connectionString: opts.url, application_name: 'prosa-telegram-poller' });
    // A lost connection loses every lock: every loop stops; the next scan takes what it can again.
    const lost = () => {
      if (client !== c) return;
      client = null;
      for (const [id, loop] of loops) {
        loop.abort.abort();
        loops.delete(id);
      }
    };
    c.on('error', (err) => {
      log('telegram: conexão dos bloqueios caiu', err);
      lost();
    });
    c.on('end', lost);
    await c.connect();
    client = c;
    return c;
  };

  const wanted = async () => {
    const rows = await db
      .select({ id: channels.id, updatedAt: channels.updatedAt })
      .from(channels)
      .where(
        and(
          eq(channels.kind, 'tg'),
          eq(channels.active, true),
          isNull(channels.deletedAt),
          sql`coalesce(${channels.config}->>'mode', 'polling') = 'polling'`,
        ),
      );
    return new Map(rows.map((r) => [r.id, r.updatedAt.getTime()]));
  };

  const release = async (id: number) => {
    const loop = loops.get(id);
    if (!loop) return;
    loops.delete(id);
    loop.abort.abort();
    await loop.done;
    await client?.query('select pg_advisory_unlock($1, $2)', [LOCK_NS, id]).catch(() => {});
  };

  const run = async (id: number, signal: AbortSignal) => {
    let backoff = opts.backoffMs ?? 1000;
    // Each failure is logged once while it lasts (no internet for hours is one line, not thousands).
    let lastFailure = '';
    // The first call does not wait: the channel shows Conectado (or the error) at once, not after a long poll.
    let waitSeconds = 0;
    while (!signal.aborted) {
      const ch = (await opts.channelRepository
        .findById(id)
        .catch(() => null)) as OpenChannel<TTgConfig> | null;
      if (!ch || ch.deletedAt !== null || ch.kind !== 'tg' || !ch.active || ch.config.mode !== 'polling')
        return;
      const api = { base: ctx.telegramApiUrl, token: ch.secrets.token ?? '', outbound: ctx.outbound };
      try {
        const offset = await readCursor(db, id);
        const updates = await botCall<unknown[]>(
          api,
          'getUpdates',
          {
            ...(offset !== null ? { offset } : {}),
            limit: 100,
            timeout: waitSeconds,
            allowed_updates: TG_ALLOWED_UPDATES,
          },
          { timeoutMs: (pollSeconds + 15) * 1000, signal },
        );
        if (signal.aborted) return;
        await setTgState(db, ch, 'connected');
        waitSeconds = pollSeconds;
        if (Array.isArray(updates) && updates.length > 0)
          await commitUpdates(db, ch, updates as { update_id?: unknown }[]);
        backoff = opts.backoffMs ?? 1000;
        lastFailure = '';
      } catch (err) {
        if (signal.aborted) return;
        const unauthorized = err instanceof TelegramError && err.unauthorized;
        const message = unauthorized
          ? TELEGRAM_MSG.tokenRevoked
          : err instanceof TelegramError && err.status === 409
            ? TELEGRAM_MSG.conflict
            : err instanceof TelegramError && !err.retryable
              ? err.description
              : TELEGRAM_MSG.unreachable;
        await setTgState(db, ch, 'error', message).catch(() => {});
        if (message !== lastFailure)
          log(`telegram: getUpdates do canal ${id} falhou`, err instanceof TelegramError ? err.message : err);
        lastFailure = message;
        // A refused token is tried again only slowly (an admin must act); other failures back off.
        const wait = unauthorized
          ? (opts.unauthorizedMs ?? 300_000)
          : err instanceof TelegramError && err.retryAfter !== null
            ? err.retryAfter * 1000
            : backoff;
        backoff = Math.min(backoff * 2, opts.maxBackoffMs ?? 60_000);
        await sleep(wait, signal);
      }
    }
  };

  const scanOnce = async () => {
    if (stopped) return;
    const want = await wanted();
    // Removed, turned off, or changed (a new token: no waiting out the old one's backoff): stopped, then taken again.
    for (const [id, loop] of [...loops]) if (want.get(id) !== loop.version) await release(id);
    const c = await lockClient();
    for (const [id, version] of want) {
      if (loops.has(id) || stopped) continue;
      const r = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [LOCK_NS, id]);
      if (!r.rows[0]?.ok) continue;
      const abort = new AbortController();
      const loop: Loop = {
        abort,
        version,
        done: run(id, abort.signal)
          .catch((err: unknown) => log(`telegram: polling do canal ${id} parou`, err))
          .finally(() => {
            // The loop ended by itself (the channel changed): its lock goes, the next scan decides again.
            if (loops.get(id) === loop) {
              loops.delete(id);
              void client?.query('select pg_advisory_unlock($1, $2)', [LOCK_NS, id]).catch(() => {});
            }
          }),
      };
      loops.set(id, loop);
    }
  };

  const scan = () => {
    scanning ??= scanOnce()
      .catch((err: unknown) => log('telegram: leitura dos canais falhou', err))
      .finally(() => {
        scanning = null;
      });
    return scanning;
  };

  const tick = () => {
    if (stopped) return;
    void scan().finally(() => {
      if (!stopped) timer = setTimeout(tick, scanMs);
    });
  };
  tick();

  return {
    polling: () => [...loops.keys()],
    scan,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await scanning;
      for (const id of [...loops.keys()]) await release(id);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
