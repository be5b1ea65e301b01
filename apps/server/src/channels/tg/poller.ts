import { TELEGRAM_MSG, type TTgConfig } from '@prosa/shared/telegram';
import { sql } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import { setConnectionState } from '../connection-state';
import { type ChannelSupervisor, sleep, superviseChannels } from '../connection-supervisor';
import type { ChannelCtx, OpenChannel } from '../port';
import type { ChannelRepository } from '../repository';
import { botCall, TelegramError } from './bot-api';
import { commitUpdates, readCursor } from './commit-updates';
import { TG_ALLOWED_UPDATES } from './provision';

// Telegram bots without a webhook (no public https address), on the worker role: one getUpdates long poll per
// live, active polling channel, one node per bot (connection-supervisor.ts holds the locks and the scan).

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

/** `polling()`: the channels this node polls now. */
export type TelegramPoller = ChannelSupervisor;

export function startTelegramPoller(opts: TelegramPollerOptions): TelegramPoller {
  const { ctx } = opts;
  const db = ctx.db;
  const log = opts.log ?? (() => {});
  const pollSeconds = opts.pollSeconds ?? 25;

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
        await setConnectionState(db, ch, 'connected');
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
        await setConnectionState(db, ch, 'error', message).catch(() => {});
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

  return superviseChannels({
    db,
    url: opts.url,
    name: 'telegram-poller',
    lockNamespace: LOCK_NS,
    kind: 'tg',
    // Bots with a webhook get their updates pushed: not polled.
    filter: sql`coalesce(${channels.config}->>'mode', 'polling') = 'polling'`,
    scanMs: opts.scanMs ?? 3000,
    run,
    log,
  });
}
