import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db';
import { createFactListener, type FactListener } from './fact-listener';
import { FACT_BATCH, headCursor, readFactsAfter, type TFactCursor, type TStoredFact } from './read-facts';

/**
 * Applies one batch of facts; its writes commit with the consumer's new cursor, or not at all. `afterCommit`
 * registers work for after the commit (queuing the sends of messages stored here): it runs only when the batch
 * committed, and a crash before it is covered by the work's own sweep.
 */
export type FactHandler = (
  tx: Tx,
  facts: TStoredFact[],
  afterCommit: (fn: () => Promise<void>) => void,
) => Promise<void>;

/** `busy`: another node holds this consumer's cursor right now (it processes the batch). */
export type BatchResult = { state: 'done'; facts: number } | { state: 'busy' };

export type DurableConsumer = {
  name: string;
  /** Creates the cursor at the present if the consumer has none (a new consumer does not replay history). */
  ensure(): Promise<void>;
  /** One batch: claim the cursor, read after it, run the handler and move the cursor, in one transaction. */
  runBatch(): Promise<BatchResult>;
  /** Batches until none is left (or another node holds the cursor); returns the facts handled here. */
  drain(): Promise<{ facts: number }>;
};

type CursorRow = {
  snapshot: string;
  floor: Date | string;
  page_snapshot: string | null;
  page_floor: Date | string | null;
  page_tx: string | null;
  page_id: string | null;
};

function toCursor(row: CursorRow): TFactCursor {
  const { page_snapshot, page_floor, page_tx, page_id } = row;
  return {
    snapshot: row.snapshot,
    floor: new Date(row.floor),
    page:
      page_snapshot !== null && page_floor !== null && page_tx !== null && page_id !== null
        ? { snapshot: page_snapshot, floor: new Date(page_floor), tx: page_tx, id: Number(page_id) }
        : null,
  };
}

export function createDurableConsumer(opts: {
  db: Db;
  name: string;
  handle: FactHandler;
  batchSize?: number;
  log?: (msg: string, err?: unknown) => void;
}): DurableConsumer {
  const { db, name } = opts;
  const batchSize = opts.batchSize ?? FACT_BATCH;

  const ensure = async () => {
    const head = await headCursor(db);
    await db.execute(sql`
      insert into fact_consumers (name, snapshot, floor)
      values (${name}, ${head.snapshot}, ${head.floor.toISOString()}::timestamptz)
      on conflict (name) do nothing`);
  };

  const runBatch = async (): Promise<BatchResult> => {
    const after: (() => Promise<void>)[] = [];
    const result = await db.transaction(async (tx) => {
      // SKIP LOCKED: while one node holds the row, another skips it instead of waiting to redo the same batch.
      const claimed = await tx.execute<CursorRow>(sql`
        select snapshot, floor, page_snapshot, page_floor, page_tx::text as page_tx, page_id
        from fact_consumers where name = ${name}
        for update skip locked`);
      const row = claimed.rows[0];
      if (!row) return { state: 'busy' } as const;
      const batch = await readFactsAfter(tx, toCursor(row), batchSize);
      // Nothing new: the stored snapshot is as good as the newer one, and an idle consumer writes nothing.
      if (batch.facts.length === 0) return { state: 'done', facts: 0 } as const;
      await opts.handle(tx, batch.facts, (fn) => after.push(fn));
      const { snapshot, floor, page } = batch.cursor;
      await tx.execute(sql`
        update fact_consumers
        set snapshot = ${snapshot}, floor = ${floor.toISOString()}::timestamptz,
            page_snapshot = ${page?.snapshot ?? null}, page_floor = ${page?.floor.toISOString() ?? null}::timestamptz,
            page_tx = ${page?.tx ?? null}::xid8, page_id = ${page?.id ?? null}, updated_at = now()
        where name = ${name}`);
      return { state: 'done', facts: batch.facts.length } as const;
    });
    // Independent of each other (a reply's send each): run together, a failure logged and left to its sweep.
    const settled = await Promise.allSettled(after.map((fn) => fn()));
    for (const s of settled)
      if (s.status === 'rejected')
        opts.log?.(`consumidor de fatos ${name}: tarefa após o commit falhou`, s.reason);
    return result;
  };

  const drain = async () => {
    let facts = 0;
    for (;;) {
      const r = await runBatch();
      if (r.state === 'busy') return { facts };
      facts += r.facts;
      if (r.facts === 0) return { facts };
    }
  };

  return { name, ensure, runBatch, drain };
}

type SharedListener = { listener: FactListener; wakes: Set<() => void> };
const sharedListeners = new Map<string, SharedListener>();

/**
 * The durable consumers of a process share one listening connection per database (and poll period): LISTEN needs
 * a session of its own, and one per consumer would hold a dozen idle connections on every worker node.
 */
function listenShared(
  url: string,
  wake: () => void,
  pollMs: number | undefined,
  log: ((msg: string, err?: unknown) => void) | undefined,
): { ready: Promise<void>; stop(): Promise<void> } {
  const key = `${url}\u0000${pollMs ?? ''}`;
  let shared = sharedListeners.get(key);
  if (!shared) {
    const wakes = new Set<() => void>();
    const listener = createFactListener({
      url,
      pollMs,
      log,
      onWake: () => {
        for (const w of wakes) w();
      },
    });
    shared = { listener, wakes };
    sharedListeners.set(key, shared);
  }
  const mine = shared;
  mine.wakes.add(wake);
  return {
    ready: mine.listener.ready,
    async stop() {
      mine.wakes.delete(wake);
      if (mine.wakes.size > 0) return;
      if (sharedListeners.get(key) === mine) sharedListeners.delete(key);
      await mine.listener.stop();
    },
  };
}

/**
 * Runs a durable consumer on this node: drains at once on every NOTIFY of new facts and on a 1 s poll. Wakes
 * during a drain run one more drain after it; a failing handler is retried on the next wake.
 */
export async function startDurableConsumer(
  consumer: DurableConsumer,
  opts: { url: string; pollMs?: number; log?: (msg: string, err?: unknown) => void },
): Promise<{ stop(): Promise<void> }> {
  await consumer.ensure();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = async () => {
    do {
      again = false;
      try {
        await consumer.drain();
      } catch (err) {
        opts.log?.(`consumidor de fatos ${consumer.name} falhou`, err);
        return;
      }
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = null;
    });
  };
  const listener = listenShared(opts.url, wake, opts.pollMs, opts.log);
  await listener.ready;
  // A listener already connected woke its first consumers before this one joined: this one drains now.
  wake();
  return {
    async stop() {
      stopped = true;
      await listener.stop();
      await running;
    },
  };
}
