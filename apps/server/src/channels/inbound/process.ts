import { randomUUID } from 'node:crypto';
import { createFactListener } from '../../facts/fact-listener';
import {
  type ChannelAdapter,
  type ChannelCtx,
  type ChannelInfra,
  channelCtx,
  type InboundContact,
  type InboundMessage,
  type InboundReaction,
  type OpenChannel,
} from '../port';
import type { ChannelRegistry } from '../registry';
import type { ChannelRepository } from '../repository';
import { INBOX_CHANNEL } from './accept';
import {
  type ClaimedEvent,
  claimEvents,
  LEASE_MS,
  markAllDone,
  markDone,
  markFailed,
  release,
  renewLeases,
} from './claim';
import { storeInboundMedia } from './media';
import type { InboundSink } from './sink';

// The inbox's processor (plan 0005 §3), on every worker node, over the claims of claim.ts. The messages of a claim are stored
// first in one set-based transaction per channel (ingestClaimBatch); events that held only messages are then
// marked processed together, the rest (reactions, statuses, whatever the batch could not take) one contact
// after another per lane (INBOX_WORKERS lanes), each event in its own transaction (ingest is idempotent by the
// provider's message id, statuses never go back).

export type InboxDeps = ChannelInfra & {
  channels: ChannelRegistry;
  channelRepository: ChannelRepository;
  sink: InboundSink;
};

/** A status whose message is not stored yet (the send's answer is still being recorded): try again later. */
class StatusNotYetKnown extends Error {}

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
