import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/**
 * Waking listeners (LISTEN/NOTIFY) without slowing commits.
 *
 * A transaction that runs NOTIFY holds one lock for the whole database from its commit's start until its WAL
 * is flushed, so every notifying transaction commits after the other, flush after flush (measured here with
 * pgbench: 19,200 single-row inserts a second, 4,900 with a NOTIFY in each). So no change NOTIFYs in its own
 * transaction: the channels it wakes are noted (`wakeAfterCommit`) and sent once it has committed, each by a
 * notifier that keeps at most one NOTIFY in flight per channel (those asked meanwhile make one more) and commits
 * it without waiting for the flush: a wake lost with a crash of the database is made up by the listeners' poll.
 * The listeners of this process are woken at once as well, without the round trip.
 */

const local = new EventEmitter();
local.setMaxListeners(0);

/** The payload of this process's NOTIFYs: its own listeners, woken already, let them pass. */
export const OWN_WAKE = `wake-${randomUUID()}`;

/** Calls `fn` whenever this process wakes `channel` (other processes reach it by NOTIFY). Answers the undo. */
export function onLocalWake(channel: string, fn: () => void): () => void {
  local.on(channel, fn);
  return () => local.off(channel, fn);
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
/** Least time between two NOTIFYs of a channel from this process (the listeners of this process are not kept waiting). */
const NOTIFY_GAP_MS = 3;

export type Notifier = { notify(channel: string): void };

export function createNotifier(pool: pg.Pool, log?: (msg: string, err?: unknown) => void): Notifier {
  const state = new Map<string, { inFlight: boolean; again: boolean }>();
  const send = (channel: string) => {
    const s = state.get(channel) ?? { inFlight: false, again: false };
    state.set(channel, s);
    if (s.inFlight) {
      s.again = true;
      return;
    }
    s.inFlight = true;
    s.again = false;
    pool
      .query(
        `begin; set local synchronous_commit = off; select pg_notify('${channel}', '${OWN_WAKE}'); commit`,
      )
      .catch((err: unknown) => log?.(`falha ao acordar ${channel}`, err))
      .finally(() => {
        // The next one (if any was asked meanwhile) after a short gap: under load, a few NOTIFYs a
        // millisecond-window instead of one per commit.
        setTimeout(() => {
          s.inFlight = false;
          if (s.again) send(channel);
        }, NOTIFY_GAP_MS);
      });
  };
  return {
    notify(channel) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`canal de notificação inválido: ${channel}`);
      local.emit(channel);
      send(channel);
    },
  };
}

type Pending = { channels: Set<string> };
const inTransaction = new AsyncLocalStorage<Pending>();
const notifiers = new WeakMap<object, Notifier>();

/**
 * Makes `db.transaction` send, after its commit, the wakes noted inside it (none after a rollback); the
 * database handle itself sends at once (a statement on the pool has committed when it answers).
 */
export function wakeAfterCommits<D extends { transaction: (...args: never[]) => Promise<unknown> }>(
  db: D,
  notifier: Notifier,
): D {
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const wrapped = async (...args: unknown[]) => {
    const pending: Pending = { channels: new Set() };
    const result = await inTransaction.run(pending, () => transaction(...args));
    for (const channel of pending.channels) notifier.notify(channel);
    return result;
  };
  (db as { transaction: unknown }).transaction = wrapped;
  notifiers.set(db, notifier);
  return db;
}

/**
 * Wakes the listeners of `channel` once what `handle` wrote is committed: after the transaction's commit for a
 * transaction, at once for the database handle. Answers false when it cannot (a handle not made by
 * connectDatabase): the caller then NOTIFYs in its statement.
 */
export function wakeAfterCommit(handle: object, channel: string): boolean {
  if (handle instanceof PgTransaction) {
    const pending = inTransaction.getStore();
    if (!pending) return false;
    pending.channels.add(channel);
    return true;
  }
  const notifier = notifiers.get(handle);
  if (!notifier) return false;
  notifier.notify(channel);
  return true;
}
