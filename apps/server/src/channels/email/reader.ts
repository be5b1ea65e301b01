import type { TEmConfig } from '@prosa/shared/email';
import { and, eq, isNull } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import pg from 'pg';
import { channels } from '../../db/schema/channels';
import type { ChannelCtx, OpenChannel } from '../port';
import type { ChannelRepository } from '../repository';
import { commitMails, readMailCursor } from './cursor';
import { describeMailError } from './errors';
import { assertMailHost, imapOptions } from './options';
import { type MailPayload, parseMail } from './parse-mail';
import { setEmState } from './state';

// The mailboxes of the live e-mail channels, read on the worker role: one IMAP connection per channel, held by
// one node at a time (the node holding the channel's advisory lock, on a connection of its own: a node that dies
// loses its locks and another takes the channel at its next scan). New messages are noticed by IDLE (imapflow
// idles whenever the connection is quiet; the server's EXISTS wakes the reader), with a slow re-check as a net.
// A channel whose server fails is tried again with a growing wait (never hammered).

/** The advisory lock namespace of mailbox reading (pg_try_advisory_lock(int, int)). */
const LOCK_NS = 0x656d; // "em"
/** A mailbox read for the first time: only the messages of these last days (not its whole history). */
const FIRST_READ_DAYS = 7;
/** Messages fetched and committed together. */
const CHUNK = 20;
/** The largest message read (its files are kept up to the upload limit each). */
const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;

export type EmailReaderOptions = {
  /** The database URL, for the locks' own connection. */
  url: string;
  ctx: ChannelCtx;
  channelRepository: Pick<ChannelRepository, 'findById'>;
  scanMs?: number;
  /** A look at the folder even without news from IDLE. */
  recheckMs?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  log?: (msg: string, err?: unknown) => void;
};

export type EmailReader = {
  /** The channels this node reads now. */
  reading(): number[];
  scan(): Promise<void>;
  stop(): Promise<void>;
};

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

/** Reads what is new in the open folder into the inbox, the cursor moving with each chunk. */
export async function drainMailbox(
  ctx: ChannelCtx,
  client: ImapFlow,
  ch: OpenChannel<TEmConfig>,
  log: (m: string, e?: unknown) => void,
) {
  const mb = client.mailbox;
  if (!mb) throw new Error('pasta não aberta');
  const validity = String(mb.uidValidity);
  const cursor = await readMailCursor(ctx.db, ch.id);
  const known = cursor !== null && cursor.uidValidity === validity;
  const from = known ? cursor.uid : 0;
  const found =
    (await client.search(
      known
        ? { uid: `${from + 1}:*` }
        : cursor === null
          ? { since: new Date(Date.now() - FIRST_READ_DAYS * 86_400_000) }
          : { all: true },
      { uid: true },
    )) || [];
  // "n:*" names the last message even when its UID is below n.
  const todo = found.filter((u) => u > from).sort((a, b) => a - b);
  let last = from;
  for (let i = 0; i < todo.length; i += CHUNK) {
    const chunk = todo.slice(i, i + CHUNK);
    // A message too large to hold in memory is skipped (logged), never fetched.
    const fits: number[] = [];
    for await (const m of client.fetch(chunk.join(','), { uid: true, size: true }, { uid: true })) {
      if ((m.size ?? 0) <= MAX_MESSAGE_BYTES) fits.push(m.uid);
      else log(`e-mail: mensagem ${m.uid} do canal ${ch.id} maior que o limite; ignorada`);
    }
    const sources = new Map<number, Buffer>();
    if (fits.length > 0)
      for await (const m of client.fetch(fits.join(','), { uid: true, source: true }, { uid: true }))
        if (m.source) sources.set(m.uid, m.source);
    const mails: MailPayload[] = [];
    for (const uid of chunk) {
      const source = sources.get(uid);
      if (!source) continue;
      try {
        const mail = await parseMail(source, ctx.storage, ch);
        if (mail) mails.push(mail);
      } catch (err) {
        // A message mailparser cannot read is skipped (logged), not retried forever.
        log(`e-mail: mensagem ${uid} do canal ${ch.id} ilegível`, err);
      }
    }
    last = chunk[chunk.length - 1] ?? last;
    await commitMails(ctx.db, ch, mails, { uidValidity: validity, uid: last });
    if (ch.config.imap.mark_seen)
      await client.messageFlagsAdd(chunk.join(','), ['\\Seen'], { uid: true }).catch(() => false);
  }
  // A folder read for the first time (or renumbered) with nothing new: what is there now counts as read.
  if (!known && todo.length === 0) {
    const top = Math.max(0, (mb.uidNext ?? 1) - 1);
    await commitMails(ctx.db, ch, [], { uidValidity: validity, uid: top });
  }
}

export function startEmailReader(opts: EmailReaderOptions): EmailReader {
  const { ctx } = opts;
  const db = ctx.db;
  const log = opts.log ?? (() => {});
  const loops = new Map<number, Loop>();
  let client: pg.Client | null = null;
  let stopped = false;
  let scanning: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const lockClient = async () => {
    if (client) return client;
    const c = new pg.Client({ connectionString: opts.url, application_name: 'prosa-email-reader' });
    const lost = () => {
      if (client !== c) return;
      client = null;
      for (const [id, loop] of loops) {
        loop.abort.abort();
        loops.delete(id);
      }
    };
    c.on('error', (err) => {
      log('e-mail: conexão dos bloqueios caiu', err);
      lost();
    });
    c.on('end', lost);
    await c.connect();
    client = c;
    return c;
  };

  /** The live e-mail channels, with when each changed (a change restarts its connection). */
  const wanted = async () => {
    const rows = await db
      .select({ id: channels.id, updatedAt: channels.updatedAt })
      .from(channels)
      .where(and(eq(channels.kind, 'em'), eq(channels.active, true), isNull(channels.deletedAt)));
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
    let backoff = opts.backoffMs ?? 2000;
    while (!signal.aborted) {
      const ch = (await opts.channelRepository
        .findById(id)
        .catch(() => null)) as OpenChannel<TEmConfig> | null;
      if (!ch || ch.deletedAt !== null || ch.kind !== 'em' || !ch.active) return;
      const imap = new ImapFlow(imapOptions(ch.config.imap, ch.secrets.imap_password ?? ''));
      let dirty = true;
      let closed = false;
      let wake: (() => void) | null = null;
      imap.on('exists', () => {
        dirty = true;
        wake?.();
      });
      imap.on('close', () => {
        closed = true;
        wake?.();
      });
      imap.on('error', (err: unknown) => log(`e-mail: conexão IMAP do canal ${id}`, err));
      const onAbort = () => {
        wake?.();
        imap.close();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        await assertMailHost(ctx, ch.config.imap.host, ch.config.imap.port);
        await imap.connect();
        await imap.mailboxOpen(ch.config.imap.folder);
        await setEmState(db, ch, 'connected');
        backoff = opts.backoffMs ?? 2000;
        while (!signal.aborted && !closed) {
          if (!dirty)
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, opts.recheckMs ?? 60_000);
            });
          wake = null;
          if (signal.aborted || closed) break;
          dirty = false;
          await drainMailbox(ctx, imap, ch, log);
        }
        if (!signal.aborted) throw new Error('o servidor IMAP encerrou a conexão');
      } catch (err) {
        if (signal.aborted) return;
        await setEmState(db, ch, 'error', describeMailError(err)).catch(() => {});
        log(`e-mail: leitura do canal ${id} falhou`, err);
        await sleep(backoff, signal);
        backoff = Math.min(backoff * 2, opts.maxBackoffMs ?? 300_000);
      } finally {
        signal.removeEventListener('abort', onAbort);
        if (!closed) await imap.logout().catch(() => imap.close());
      }
    }
  };

  const scanOnce = async () => {
    if (stopped) return;
    const want = await wanted();
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
          .catch((err: unknown) => log(`e-mail: leitura do canal ${id} parou`, err))
          .finally(() => {
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
      .catch((err: unknown) => log('e-mail: leitura dos canais falhou', err))
      .finally(() => {
        scanning = null;
      });
    return scanning;
  };

  const tick = () => {
    if (stopped) return;
    void scan().finally(() => {
      if (!stopped) timer = setTimeout(tick, opts.scanMs ?? 5000);
    });
  };
  tick();

  return {
    reading: () => [...loops.keys()],
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
