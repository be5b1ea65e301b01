import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { createFactListener } from '../../facts/fact-listener';
import type { Db, Tx } from '../../platform/db';
import type { OutboundGuard } from '../../platform/outbound-url';
import type { Storage } from '../../platform/storage/storage';
import {
  type ChannelAdapter,
  type ChannelCtx,
  channelCtx,
  type InboundContact,
  type InboundMessage,
  type InboundReaction,
  type OpenChannel,
} from '../port';
import type { ChannelRegistry } from '../registry';
import type { ChannelRepository } from '../repository';
import { INBOX_CHANNEL } from './accept';
import { storeInboundMedia } from './media';
import type { InboundSink } from './sink';

// The inbox's processor (plan 0005 §3), on every worker node. Rows are claimed under a lease (owner, until,
// attempts + 1), only when no earlier unprocessed row of their contact is leased or waiting for a retry, so
// each contact's events are handled in id order by one node at a time. The messages of a claim are stored
// first in one set-based transaction per channel (ingestClaimBatch); events that held only messages are then
// marked processed together, the rest (reactions, statuses, whatever the batch could not take) one contact
// after another per lane (INBOX_WORKERS lanes), each event in its own transaction (ingest is idempotent by the
// provider's message id, statuses never go back), and marked processed only while the lease is still ours. A killed node loses nothing: its leases expire and the rows are claimed again.

/** After this many claims an event is kept as processed with its error (dead), for inspection. */
export const MAX_ATTEMPTS = 10;
// How long a dead node's claim holds its contacts back: renewed every third of it while the claim is worked on.
const LEASE_MS = 10_000;
// Claims run one at a time across nodes: a claim must see the leases of the one before it (they are short).
const CLAIM_LOCK = '727300, 1';

export type InboxDeps = {
  db: Db;
  storage: Storage;
  outbound: OutboundGuard;
  appSecret: string;
  channels: ChannelRegistry;
  channelRepository: ChannelRepository;
  sink: InboundSink;
};

export type ClaimedEvent = {
  id: number;
  /** As PostgreSQL wrote it (text keeps its microseconds): with id, the row's primary key. */
  receivedAt: string;
  companyId: number;
  channelId: number;
  orderingKey: string;
  payload: unknown;
  attempts: number;
};

/** A status whose message is not stored yet (the send's answer is still being recorded): try again later. */
class StatusNotYetKnown extends Error {}

type Row = {
  id: string | number;
  received_at: string;
  company_id: number;
  channel_id: number;
  ordering_key: string;
  payload: unknown;
  attempts: number;
};

const OWNER = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * Claims up to `limit` events for `owner` (see above), oldest first. One round trip: the lock, the claim and
 * the commit are sent together as one simple query (hence the values written in it, checked first); the commit
 * does not wait for its flush, since a lease lost with a crash of the database only lets the rows be claimed
 * again. No bitmap scan: the pending-rows index keeps an entry for every processed row until a vacuum, and a
 * bitmap scan visits each one's heap page at every claim (7 ms after 30,000 rows, growing), where an index scan
 * skips the entries it has once found dead (0.1 ms).
 */
export async function claimEvents(
  db: Db,
  opts: { owner: string; limit: number; leaseMs?: number },
): Promise<ClaimedEvent[]> {
  const leaseMs = Math.trunc(opts.leaseMs ?? LEASE_MS);
  const limit = Math.trunc(opts.limit);
  if (!OWNER.test(opts.owner) || !(limit > 0) || !(leaseMs > 0)) throw new Error('reserva inválida');
  // drizzle(pool) keeps the pool as $client.
  const pool = (db as Db & { $client: pg.Pool }).$client;
  const results = (await pool.query(`
    begin;
    set local synchronous_commit = off;
    set local enable_bitmapscan = off;
    select pg_advisory_xact_lock(${CLAIM_LOCK});
    with candidates as (
      select e.received_at, e.id from channel_events e
      where e.processed_at is null and e.available_at <= now() and e.attempts < ${MAX_ATTEMPTS}
        and (e.lease_until is null or e.lease_until < now())
        and not exists (
          select 1 from channel_events p
          where p.processed_at is null and p.channel_id = e.channel_id and p.ordering_key = e.ordering_key
            and p.id < e.id and (p.lease_until >= now() or p.available_at > now()))
      order by e.id
      limit ${limit}
      for update skip locked)
    update channel_events c
    set lease_owner = '${opts.owner}', lease_until = now() + ${leaseMs} * interval '1 millisecond',
      attempts = c.attempts + 1
    from candidates k
    where c.received_at = k.received_at and c.id = k.id
    returning c.id, c.received_at::text as received_at, c.company_id, c.channel_id, c.ordering_key, c.payload,
      c.attempts;
    commit`)) as unknown as pg.QueryResult<Row>[];
  const rows = results.find((r) => r.command === 'UPDATE')?.rows ?? [];
  return rows
    .map((r) => ({
      id: Number(r.id),
      receivedAt: r.received_at,
      companyId: r.company_id,
      channelId: r.channel_id,
      orderingKey: r.ordering_key,
      payload: r.payload,
      attempts: r.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

const pk = (e: ClaimedEvent) => sql`received_at = ${e.receivedAt}::timestamptz and id = ${e.id}`;

/** Marks an event processed if its lease is still ours; false when another node has it now. */
async function markDone(db: Db, owner: string, e: ClaimedEvent): Promise<boolean> {
  const r = await db.execute(sql`
    update channel_events set processed_at = now(), lease_until = null, error = null
    where ${pk(e)} and processed_at is null and lease_owner = ${owner}`);
  return (r.rowCount ?? 0) > 0;
}

/** A failed event waits 2^attempts seconds (its contact's later events wait behind it); dead after the last. */
async function markFailed(db: Db, owner: string, e: ClaimedEvent, err: unknown) {
  const dead = e.attempts >= MAX_ATTEMPTS;
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
  await db.execute(sql`
    update channel_events set lease_owner = null, lease_until = null, error = ${message},
      available_at = now() + ${2 ** Math.min(e.attempts, 16)}::int * interval '1 second',
      processed_at = ${dead ? sql`now()` : sql`null`}
    where ${pk(e)} and processed_at is null and lease_owner = ${owner}`);
}

/** Events claimed but not started (an earlier one of their contact failed): free again, the claim not counted. */
async function release(db: Db, owner: string, events: ClaimedEvent[]) {
  for (const e of events) {
    await db.execute(sql`
      update channel_events set lease_owner = null, lease_until = null, attempts = greatest(attempts - 1, 0)
      where ${pk(e)} and processed_at is null and lease_owner = ${owner}`);
  }
}

/** Keeps the leases of a long claim (files being fetched) from expiring while it is still worked on. */
async function renewLeases(db: Db, owner: string, events: ClaimedEvent[], leaseMs: number) {
  await db.execute(sql`
    update channel_events set lease_until = now() + ${leaseMs}::int * interval '1 millisecond'
    where id = any(${sql.param(events.map((e) => e.id))}::bigint[])
      and received_at = any(${sql.param(events.map((e) => e.receivedAt))}::timestamptz[])
      and processed_at is null and lease_owner = ${owner}`);
}

type Inbound = NonNullable<ChannelAdapter['inbound']>;

/** What one event says, delivered to the sink: messages (files fetched first), reactions, statuses. */
export async function handleEvent(deps: InboxDeps, ctx: ChannelCtx, e: ClaimedEvent): Promise<void> {
  const ch = await deps.channelRepository.findById(e.channelId);
  if (!ch || ch.deletedAt !== null) throw new Error('canal removido');
  const inbound = deps.channels.get(ch.kind)?.inbound;
  if (!inbound) throw new Error(`o tipo de canal ${ch.kind} não recebe eventos`);
  let unknownStatus = false;
  // Split again: an event kept whole (drained from before the inbox) may name several contacts.
  for (const piece of inbound.split(e.payload)) {
    const said = inbound.parse(ch, piece.payload);
    const contact = said.contact;
    // Reactions in their place among the messages: one to an unknown message is shown as a message there.
    const before = (i: number) => said.reactions.filter((r) => (r.before ?? said.messages.length) === i);
    for (let i = 0; i <= said.messages.length; i++) {
      for (const r of before(i)) await react(deps, ctx, inbound, ch, contact, r);
      const m = said.messages[i];
      if (m && contact) await ingest(deps, ctx, inbound, ch, contact, m);
    }
    for (const s of said.statuses) if (!(await deps.sink.status(ch, s))) unknownStatus = true;
  }
  if (unknownStatus) throw new StatusNotYetKnown('status de mensagem ainda não registrada');
}

async function ingest(
  deps: InboxDeps,
  ctx: ChannelCtx,
  inbound: Inbound,
  ch: OpenChannel,
  contact: InboundContact,
  m: InboundMessage,
) {
  // Redelivered: nothing to download again.
  if (await deps.sink.has(ch, m.externalId)) return;
  const { media, ...message } = m;
  const fetched = [];
  for (const ref of media ?? []) {
    if (inbound.fetchMedia) fetched.push(await storeInboundMedia(ctx, ch, inbound.fetchMedia, ref));
  }
  await deps.sink.message(ch, contact, { ...message, attachments: [...(m.attachments ?? []), ...fetched] });
}

async function react(
  deps: InboxDeps,
  ctx: ChannelCtx,
  inbound: Inbound,
  ch: OpenChannel,
  contact: InboundContact | null,
  r: InboundReaction,
) {
  if (await deps.sink.has(ch, r.externalId)) return;
  if (await deps.sink.reaction(ch, r)) return;
  if (r.fallback && contact) await ingest(deps, ctx, inbound, ch, contact, r.fallback);
}

type BatchMessage = Parameters<InboundSink['messages']>[1][number];

/**
 * The messages of a claim stored first, one set-based batch (one transaction) per channel, in id order: the
 * per-event pass after it finds them stored (`has`) and applies only reactions and statuses, each event still
 * marked done or failed by itself. A contact whose event cannot be read here (channel gone, a file that does not
 * download, a reaction that may become a message) is left from that event on to the per-event pass, so its
 * order is kept. A failing batch stores nothing (one transaction): the per-event pass then ingests message by
 * message, which isolates the bad one and retries its event as today. Answers the events the batch handled
 * whole (only messages, all stored): they are marked processed in their channel's transaction (while their
 * leases are ours), without a pass of their own.
 */
async function ingestClaimBatch(
  deps: InboxDeps,
  ctx: ChannelCtx,
  owner: string,
  claimed: ClaimedEvent[],
  log?: ProcessOptions['log'],
): Promise<ClaimedEvent[]> {
  const channels = new Map<number, Awaited<ReturnType<ChannelRepository['findById']>>>();
  const perChannel = new Map<number, { ch: OpenChannel; items: BatchMessage[]; whole: ClaimedEvent[] }>();
  const blocked = new Set<string>();
  for (const e of claimed) {
    const key = `${e.channelId}\u0000${e.orderingKey}`;
    if (blocked.has(key)) continue;
    try {
      if (!channels.has(e.channelId))
        channels.set(e.channelId, await deps.channelRepository.findById(e.channelId));
      const ch = channels.get(e.channelId);
      const inbound = ch && ch.deletedAt === null ? deps.channels.get(ch.kind)?.inbound : undefined;
      if (!ch || !inbound) throw new Error('canal indisponível');
      const items: BatchMessage[] = [];
      let whole = true;
      for (const piece of inbound.split(e.payload)) {
        const said = inbound.parse(ch, piece.payload);
        if (said.reactions.some((r) => r.fallback)) throw new Error('reação que pode virar mensagem');
        if (said.reactions.length > 0 || said.statuses.length > 0) whole = false;
        if (!said.contact) continue;
        for (const m of said.messages) {
          const { media, ...message } = m;
          // Redelivered: nothing to download again (one without files is skipped by the batch itself).
          if (media?.length && (await deps.sink.has(ch, m.externalId))) continue;
          const fetched = [];
          for (const ref of media ?? []) {
            if (inbound.fetchMedia) fetched.push(await storeInboundMedia(ctx, ch, inbound.fetchMedia, ref));
          }
          items.push({
            contact: said.contact,
            message: { ...message, attachments: [...(m.attachments ?? []), ...fetched] },
          });
        }
      }
      const group = perChannel.get(ch.id) ?? { ch, items: [], whole: [] };
      group.items.push(...items);
      if (whole) group.whole.push(e);
      perChannel.set(ch.id, group);
    } catch {
      blocked.add(key);
    }
  }
  const done: ClaimedEvent[] = [];
  for (const { ch, items, whole } of perChannel.values()) {
    try {
      if (items.length > 0) await deps.sink.messages(ch, items, (tx) => markAllDone(tx, owner, whole));
      else await markAllDone(deps.db, owner, whole);
      done.push(...whole);
    } catch (err) {
      log?.('lote da caixa de entrada falhou; mensagem a mensagem', err);
    }
  }
  return done;
}

/** Marks the events handled whole by the batch processed in one statement, while their leases are ours. */
async function markAllDone(db: Db | Tx, owner: string, events: ClaimedEvent[]) {
  if (events.length === 0) return;
  await db.execute(sql`
    update channel_events c set processed_at = now(), lease_until = null, error = null
    from unnest(${sql.param(events.map((e) => e.receivedAt))}::timestamptz[],
      ${sql.param(events.map((e) => e.id))}::bigint[]) as k(received_at, id)
    where c.received_at = k.received_at and c.id = k.id and c.processed_at is null and c.lease_owner = ${owner}`);
}

/** Runs `work` over `items` with at most `lanes` at once. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
}

export type ProcessOptions = {
  owner: string;
  batch?: number;
  workers?: number;
  leaseMs?: number;
  log?: (msg: string, err?: unknown) => void;
};

/** One claim and its events; answers how many were claimed. */
export async function processInbox(deps: InboxDeps, opts: ProcessOptions): Promise<number> {
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const claimed = await claimEvents(deps.db, { owner: opts.owner, limit: opts.batch ?? 500, leaseMs });
  if (claimed.length === 0) return 0;
  const ctx = channelCtx(deps, { log: opts.log });
  const renew = setInterval(() => {
    renewLeases(deps.db, opts.owner, claimed, leaseMs).catch((err) =>
      opts.log?.('renovação de concessões da caixa de entrada falhou', err),
    );
  }, leaseMs / 3);
  try {
    await processClaim(deps, ctx, opts, claimed);
  } finally {
    clearInterval(renew);
  }
  return claimed.length;
}

async function processClaim(deps: InboxDeps, ctx: ChannelCtx, opts: ProcessOptions, claimed: ClaimedEvent[]) {
  const done = await ingestClaimBatch(deps, ctx, opts.owner, claimed, opts.log);
  const doneIds = new Set(done.map((e) => e.id));
  const byKey = new Map<string, ClaimedEvent[]>();
  for (const e of claimed) {
    if (doneIds.has(e.id)) continue;
    const key = `${e.channelId}\u0000${e.orderingKey}`;
    const list = byKey.get(key);
    if (list) list.push(e);
    else byKey.set(key, [e]);
  }
  await inLanes([...byKey.values()], opts.workers ?? 2, async (events) => {
    for (const [i, e] of events.entries()) {
      try {
        await handleEvent(deps, ctx, e);
      } catch (err) {
        if (!(err instanceof StatusNotYetKnown)) opts.log?.(`evento ${e.id} da caixa de entrada falhou`, err);
        await markFailed(deps.db, opts.owner, e, err);
        await release(deps.db, opts.owner, events.slice(i + 1));
        return;
      }
      // Lost (this node was too slow): the node that has it now goes on from there.
      if (!(await markDone(deps.db, opts.owner, e))) return;
    }
  });
}

export type Inbox = {
  /** Resolves once LISTEN is in place. */
  ready: Promise<void>;
  /** Waits for the claim under way, then stops. */
  stop(): Promise<void>;
};

/**
 * The processor of a worker node: woken by `LISTEN inbox` (the accepted events' NOTIFY, the sweep's), else
 * every `pollMs`; claims until nothing is left.
 */
export function startInbox(
  deps: InboxDeps,
  opts: Omit<ProcessOptions, 'owner'> & { url: string; owner?: string; pollMs?: number },
): Inbox {
  const owner = opts.owner ?? `inbox-${randomUUID()}`;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const drain = async () => {
    do {
      again = false;
      try {
        const n = await processInbox(deps, { ...opts, owner });
        // A full claim: more may be waiting.
        if (n >= (opts.batch ?? 500)) again = true;
      } catch (err) {
        opts.log?.('caixa de entrada: falha ao processar', err);
      }
    } while (again && !stopped);
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = null;
    });
  };

  const listener = createFactListener({
    url: opts.url,
    channel: INBOX_CHANNEL,
    pollMs: opts.pollMs ?? 200,
    onWake: wake,
    log: opts.log,
  });

  return {
    ready: listener.ready,
    async stop() {
      stopped = true;
      await listener.stop();
      await running;
    },
  };
}
