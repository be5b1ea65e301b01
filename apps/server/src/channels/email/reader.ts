import type { TEmConfig } from '@prosa/shared/email';
import { ImapFlow } from 'imapflow';
import { setConnectionState } from '../connection-state';
import { sleep, superviseChannels } from '../connection-supervisor';
import type { ChannelCtx, OpenChannel } from '../port';
import type { ChannelRepository } from '../repository';
import { commitMails, readMailCursor } from './cursor';
import { describeMailError } from './errors';
import { readsWithIdle } from './idle-flag';
import { assertMailHost, imapOptions } from './options';
import { type MailPayload, parseMail } from './parse-mail';

// The mailboxes of the live e-mail channels, read on the worker role: one IMAP connection per channel, held by
// one node at a time (connection-supervisor.ts holds the locks and the scan). New messages are noticed by IDLE
// (imapflow idles whenever the connection is quiet; the server's EXISTS wakes the reader), with a slow re-check
// as a net. With the company's "near-real-time e-mail" flag off (spec 1 §7) there is no IDLE: the mailbox is
// checked every 5 minutes. The flag is read when a channel's connection starts and at each wake; a change
// reconnects in the other mode.
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
  /** How often a mailbox is checked with the near-real-time e-mail flag off (no IDLE); default 5 minutes. */
  pollMs?: number;
  /** How long a quiet connection waits before it enters IDLE (imapflow's autoIdleDelay; its default 15 s). */
  idleAfterMs?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  log?: (msg: string, err?: unknown) => void;
};

export type EmailReader = {
  /** The channels this node reads now. */
  reading(): number[];
  /** The channels whose connection is in IMAP IDLE now (the server pushes new mail). */
  idling(): number[];
  scan(): Promise<void>;
  stop(): Promise<void>;
};

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
  const clients = new Map<number, ImapFlow>();

  const run = async (id: number, signal: AbortSignal) => {
    let backoff = opts.backoffMs ?? 2000;
    // Each failure is logged once while it lasts (a mailbox out of reach for hours is one line, not hundreds).
    let lastFailure = '';
    while (!signal.aborted) {
      const ch = (await opts.channelRepository
        .findById(id)
        .catch(() => null)) as OpenChannel<TEmConfig> | null;
      if (!ch || ch.deletedAt !== null || ch.kind !== 'em' || !ch.active) return;
      const idle = await readsWithIdle(db, ch.companyId);
      const imap = new ImapFlow({
        ...imapOptions(ch.config.imap, ch.secrets.imap_password ?? ''),
        disableAutoIdle: !idle,
        ...(opts.idleAfterMs !== undefined ? { autoIdleDelay: opts.idleAfterMs } : {}),
      });
      clients.set(id, imap);
      let dirty = true;
      let closed = false;
      let modeChanged = false;
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
        await setConnectionState(db, ch, 'connected');
        backoff = opts.backoffMs ?? 2000;
        lastFailure = '';
        while (!signal.aborted && !closed) {
          if (!dirty)
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, idle ? (opts.recheckMs ?? 60_000) : (opts.pollMs ?? 300_000));
            });
          wake = null;
          if (signal.aborted || closed) break;
          if ((await readsWithIdle(db, ch.companyId)) !== idle) {
            modeChanged = true;
            break;
          }
          dirty = false;
          await drainMailbox(ctx, imap, ch, log);
        }
        if (!signal.aborted && !modeChanged) throw new Error('o servidor IMAP encerrou a conexão');
      } catch (err) {
        if (signal.aborted) return;
        const failure = describeMailError(err);
        await setConnectionState(db, ch, 'error', failure).catch(() => {});
        if (failure !== lastFailure) log(`e-mail: leitura do canal ${id} falhou: ${failure}`, err);
        lastFailure = failure;
        await sleep(backoff, signal);
        backoff = Math.min(backoff * 2, opts.maxBackoffMs ?? 300_000);
      } finally {
        signal.removeEventListener('abort', onAbort);
        if (clients.get(id) === imap) clients.delete(id);
        if (!closed) await imap.logout().catch(() => imap.close());
      }
    }
  };

  const supervisor = superviseChannels({
    db,
    url: opts.url,
    name: 'email-reader',
    lockNamespace: LOCK_NS,
    kind: 'em',
    scanMs: opts.scanMs ?? 5000,
    run,
    log,
  });
  return {
    reading: supervisor.polling,
    idling: () => [...clients].flatMap(([id, c]) => (c.idling ? [id] : [])),
    scan: supervisor.scan,
    stop: supervisor.stop,
  };
}
