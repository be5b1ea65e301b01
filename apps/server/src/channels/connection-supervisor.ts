import type { TChannelKind } from '@prosa/shared/channels';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { channels } from '../db/schema/channels';
import type { Db } from '../platform/db';

// The channels whose connection the server holds itself (Telegram getUpdates polling, e-mail IMAP reading), on
// the worker role: one loop per live channel of the kind. Two nodes never run one channel: a node runs a channel
// only while it holds the channel's advisory lock, on a connection of its own (a node that dies loses its locks
// with its connection, and another node takes the channel at its next scan). Channels created, changed or
// removed are seen at the next scan (every few seconds).

export type ChannelSupervisorOptions = {
  db: Db;
  /** The database URL, for the locks' own connection. */
  url: string;
  /** Names the locks' connection (application_name prosa-<name>) and prefixes the log lines. */
  name: string;
  /** The advisory lock namespace of this kind (pg_try_advisory_lock(int, int)). */
  lockNamespace: number;
  kind: TChannelKind;
  /** More conditions a live channel of the kind must meet to be run here (e.g. Telegram's polling mode). */
  filter?: SQL;
  /** How often the live channels are read again. */
  scanMs: number;
  /** The channel's loop: returns when the channel no longer wants it, stops soon after `signal` aborts. */
  run: (id: number, signal: AbortSignal) => Promise<void>;
  log: (msg: string, err?: unknown) => void;
};

export type ChannelSupervisor = {
  /** The channels this node runs now. */
  polling(): number[];
  /** Reads the channels again now (tests, after a change). */
  scan(): Promise<void>;
  /** Stops scanning, stops every loop and waits for them, and lets the locks go. */
  stop(): Promise<void>;
};

/** A running loop; `version` is the channel's updated_at when it began (a change restarts it). */
type Loop = { abort: AbortController; done: Promise<void>; version: number };

/** Waits `ms`, or less when `signal` aborts first. */
export const sleep = (ms: number, signal: AbortSignal) =>
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

export function superviseChannels(opts: ChannelSupervisorOptions): ChannelSupervisor {
  const { db, log, name, lockNamespace } = opts;
  const loops = new Map<number, Loop>();
  // Loops aborted by a lost lock connection, still ending: stop waits for them too.
  const ending = new Set<Promise<void>>();
  let client: pg.Client | null = null;
  let stopped = false;
  let scanning: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const unlock = (id: number) =>
    client?.query('select pg_advisory_unlock($1, $2)', [lockNamespace, id]).catch(() => {});

  const lockClient = async () => {
    if (client) return client;
    const c = new pg.Client({ connectionString: opts.url, application_name: `prosa-${name}` });
    // A lost connection loses every lock: every loop stops; the next scan takes what it can again.
    const lost = () => {
      if (client !== c) return;
      client = null;
      for (const [id, loop] of loops) {
        loop.abort.abort();
        loops.delete(id);
        ending.add(loop.done);
        void loop.done.finally(() => ending.delete(loop.done));
      }
    };
    c.on('error', (err) => {
      log(`${name}: conexão dos bloqueios caiu`, err);
      lost();
    });
    c.on('end', lost);
    await c.connect();
    client = c;
    return c;
  };

  /** The live channels of the kind, with when each changed (a change restarts its loop). */
  const wanted = async () => {
    const rows = await db
      .select({ id: channels.id, updatedAt: channels.updatedAt })
      .from(channels)
      .where(
        and(eq(channels.kind, opts.kind), eq(channels.active, true), isNull(channels.deletedAt), opts.filter),
      );
    return new Map(rows.map((r) => [r.id, r.updatedAt.getTime()]));
  };

  const release = async (id: number) => {
    const loop = loops.get(id);
    if (!loop) return;
    loops.delete(id);
    loop.abort.abort();
    await loop.done;
    await unlock(id);
  };

  const scanOnce = async () => {
    if (stopped) return;
    const want = await wanted();
    // Removed, turned off, or changed (e.g. a new token: no waiting out the old one's backoff): stopped, then
    // taken again.
    for (const [id, loop] of [...loops]) if (want.get(id) !== loop.version) await release(id);
    const c = await lockClient();
    for (const [id, version] of want) {
      if (loops.has(id) || stopped) continue;
      const r = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
        lockNamespace,
        id,
      ]);
      if (!r.rows[0]?.ok) continue;
      const abort = new AbortController();
      const loop: Loop = {
        abort,
        version,
        done: opts
          .run(id, abort.signal)
          .catch((err: unknown) => log(`${name}: o canal ${id} parou`, err))
          .finally(() => {
            // The loop ended by itself (the channel changed): its lock goes, the next scan decides again.
            if (loops.get(id) === loop) {
              loops.delete(id);
              void unlock(id);
            }
          }),
      };
      loops.set(id, loop);
    }
  };

  // One scan at a time: a scan asked for while one runs gets that one.
  const scan = () => {
    scanning ??= scanOnce()
      .catch((err: unknown) => log(`${name}: leitura dos canais falhou`, err))
      .finally(() => {
        scanning = null;
      });
    return scanning;
  };

  const tick = () => {
    if (stopped) return;
    void scan().finally(() => {
      if (!stopped) timer = setTimeout(tick, opts.scanMs);
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
      await Promise.all([...ending]);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
