import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db';
import { createFactListener } from './fact-listener';
import { FACT_BATCH, headCursor, readFactsAfter, type TFactCursor, type TStoredFact } from './read-facts';

/** Applies one batch of facts; its writes commit with the consumer's new cursor, or not at all. */
export type FactHandler = (tx: Tx, facts: TStoredFact[]) => Promise<void>;

/**
 * `busy`: another node holds this consumer's cursor right now (it processes the batch). `heldBack`: committed
 * facts wait behind a transaction still running (read-facts.ts); look again shortly.
 */
export type BatchResult = { state: 'done'; facts: number; heldBack: boolean } | { state: 'busy' };

export type DurableConsumer = {
  name: string;
  /** Creates the cursor at the present if the consumer has none (a new consumer does not replay history). */
  ensure(): Promise<void>;
  /** One batch: claim the cursor, read after it, run the handler and move the cursor, in one transaction. */
  runBatch(): Promise<BatchResult>;
  /** Batches until none is left (or another node holds the cursor); returns the facts handled here. */
  drain(): Promise<{ facts: number; heldBack: boolean }>;
};

type CursorRow = { tx: string; last_id: string; last_at: Date | string };

export function createDurableConsumer(opts: {
  db: Db;
  name: string;
  handle: FactHandler;
  batchSize?: number;
}): DurableConsumer {
  const { db, name } = opts;
  const batchSize = opts.batchSize ?? FACT_BATCH;

  const ensure = async () => {
    const head = await headCursor(db);
    await db.execute(sql`
      insert into fact_consumers (name, tx, last_id, last_at)
      values (${name}, ${head.tx}::xid8, ${head.id}, ${head.at.toISOString()}::timestamptz)
      on conflict (name) do nothing`);
  };

  const runBatch = (): Promise<BatchResult> =>
    db.transaction(async (tx) => {
      // SKIP LOCKED: while one node holds the row, another skips it instead of waiting to redo the same batch.
      const claimed = await tx.execute<CursorRow>(sql`
        select tx::text as tx, last_id, last_at from fact_consumers where name = ${name}
        for update skip locked`);
      const row = claimed.rows[0];
      if (!row) return { state: 'busy' } as const;
      const cursor: TFactCursor = { tx: row.tx, id: Number(row.last_id), at: new Date(row.last_at) };
      const batch = await readFactsAfter(tx, cursor, batchSize);
      const { heldBack } = batch;
      if (batch.facts.length === 0) return { state: 'done', facts: 0, heldBack } as const;
      await opts.handle(tx, batch.facts);
      await tx.execute(sql`
        update fact_consumers
        set tx = ${batch.cursor.tx}::xid8, last_id = ${batch.cursor.id},
            last_at = ${batch.cursor.at.toISOString()}::timestamptz, updated_at = now()
        where name = ${name}`);
      return { state: 'done', facts: batch.facts.length, heldBack } as const;
    });

  const drain = async () => {
    let facts = 0;
    for (;;) {
      const r = await runBatch();
      if (r.state === 'busy') return { facts, heldBack: false };
      facts += r.facts;
      if (r.facts === 0) return { facts, heldBack: r.heldBack };
    }
  };

  return { name, ensure, runBatch, drain };
}

/** How soon a consumer looks again when facts wait behind a running transaction. */
export const HELD_BACK_RETRY_MS = 20;

/**
 * Runs a durable consumer on this node: drains at once on every NOTIFY of new facts and on a 1 s poll, and
 * shortly again while facts are held back. Wakes during a drain run one more drain after it; a failing
 * handler is retried on the next wake.
 */
export async function startDurableConsumer(
  consumer: DurableConsumer,
  opts: { url: string; pollMs?: number; log?: (msg: string, err?: unknown) => void },
): Promise<{ stop(): Promise<void> }> {
  await consumer.ensure();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const run = async () => {
    do {
      again = false;
      try {
        const r = await consumer.drain();
        if (r.heldBack && !retry && !stopped)
          retry = setTimeout(() => {
            retry = null;
            wake();
          }, HELD_BACK_RETRY_MS);
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
  const listener = createFactListener({ url: opts.url, onWake: wake, pollMs: opts.pollMs, log: opts.log });
  await listener.ready;
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await listener.stop();
      await running;
    },
  };
}
