import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { stripNul } from '../../platform/refuse-nul';
import { wakeAfterCommit } from '../../platform/wake';
import type { InboundRequest } from '../port';
import type { ChannelRegistry } from '../registry';
import type { ChannelRepository } from '../repository';

/** The NOTIFY channel of the inbox: committed events wake the processors at once (else they poll). */
export const INBOX_CHANNEL = 'inbox';

export type InboxRow = { companyId: number; channelId: number; orderingKey: string; payload: unknown };

export type InboxWriter = {
  /** Resolves once the rows are committed (with others' in one statement); rejects if that statement failed. */
  write(rows: InboxRow[]): Promise<void>;
};

type Waiter = { rows: InboxRow[]; done: () => void; fail: (err: unknown) => void };

/**
 * Group commit: the rows of concurrent requests are gathered for up to `maxWaitMs` or `maxRows` rows and
 * written by one INSERT … unnest, one commit for all of them, then the processors are woken (platform/wake.ts).
 * A commit costs a WAL flush, and each statement a round trip that wakes the database's process: one per
 * webhook caps acceptance at the disk's flushes per second. One statement in flight at a time (by default):
 * requests arriving meanwhile gather for the next one, so batches grow with the load (measured on two cores:
 * 7,400 webhooks a second with one in flight, 6,400 with four). A request is answered only after its statement
 * committed, and every request of a failed statement fails (the provider delivers again).
 */
export function createInboxWriter(
  db: Db,
  opts: { maxRows?: number; maxWaitMs?: number; maxInFlight?: number } = {},
): InboxWriter {
  const maxRows = opts.maxRows ?? 256;
  const maxWaitMs = opts.maxWaitMs ?? 2;
  const maxInFlight = opts.maxInFlight ?? 1;
  let queue: Waiter[] = [];
  let queuedRows = 0;
  let timer: NodeJS.Timeout | null = null;
  let inFlight = 0;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (inFlight >= maxInFlight || queue.length === 0) return;
    // Whole requests only: a request's rows commit together.
    let take = 0;
    let rows = 0;
    while (take < queue.length && (take === 0 || rows + (queue[take]?.rows.length ?? 0) <= maxRows)) {
      rows += queue[take]?.rows.length ?? 0;
      take++;
    }
    const batch = queue.slice(0, take);
    queue = queue.slice(take);
    queuedRows -= rows;
    inFlight++;
    insertRows(
      db,
      batch.flatMap((w) => w.rows),
    )
      .then(
        () => {
          for (const w of batch) w.done();
        },
        (err) => {
          for (const w of batch) w.fail(err);
        },
      )
      .finally(() => {
        inFlight--;
        // Those that queued meanwhile have waited long enough.
        if (queue.length > 0) flush();
      });
    if (queue.length > 0) schedule();
  };

  const schedule = () => {
    if (inFlight >= maxInFlight) return;
    if (queuedRows >= maxRows) flush();
    else timer ??= setTimeout(flush, maxWaitMs);
  };

  return {
    write(rows) {
      if (rows.length === 0) return Promise.resolve();
      return new Promise<void>((done, fail) => {
        queue.push({ rows, done, fail });
        queuedRows += rows.length;
        schedule();
      });
    },
  };
}

async function insertRows(db: Db, rows: InboxRow[]): Promise<void> {
  await db.execute(sql`
    insert into channel_events (company_id, channel_id, ordering_key, payload)
    select * from unnest(
      ${sql.param(rows.map((r) => r.companyId))}::int[],
      ${sql.param(rows.map((r) => r.channelId))}::int[],
      ${sql.param(rows.map((r) => r.orderingKey))}::text[],
      ${sql.param(rows.map((r) => JSON.stringify(r.payload)))}::jsonb[])`);
  if (!wakeAfterCommit(db, INBOX_CHANNEL)) await db.execute(sql`select pg_notify(${INBOX_CHANNEL}, '')`);
}

/** `\u0000` or any surrogate escape (`\uD800`–`\uDFFF`), in any case. */
const ESCAPES_TO_CHECK = /\\u(?:0000|[dD][89a-fA-F])/;

/** stripNul bounds nesting at 64 levels: a text with no more brackets than that cannot be deeper. */
const MAX_PLAIN_BRACKETS = 64;

function bracketsAtMost(text: string, max: number): boolean {
  let n = 0;
  for (const open of ['{', '[']) {
    for (let i = text.indexOf(open); i !== -1; i = text.indexOf(open, i + 1)) if (++n > max) return false;
  }
  return true;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Texts and keys with each lone UTF-16 surrogate (a "\\ud800" escape JSON allows) replaced by U+FFFD: jsonb
 * refuses them, and one such row would fail the whole group of requests committed with it, again at each
 * redelivery. stripNul has already bounded the depth.
 */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k.replace(LONE_SURROGATE, '\uFFFD'), wellFormed(v)]),
    );
  return value;
}

export type AcceptDeps = { channels: ChannelRegistry; channelRepository: ChannelRepository };

const finder = (deps: AcceptDeps) => ({ byId: (id: number) => deps.channelRepository.findById(id) });

/** A provider's verification GET: the text to answer, or null (403: unknown channel, wrong token). */
export async function answerChallenge(deps: AcceptDeps, kind: string, req: InboundRequest) {
  const inbound = deps.channels.get(kind)?.inbound;
  if (!inbound?.challenge) return null;
  const ch = await inbound.resolve(req, finder(deps));
  return ch ? inbound.challenge(ch, req.query) : null;
}

/**
 * A provider's event POST: the channel (cached), the signature over the raw body, then one row per contact
 * committed (group commit) before the answer. 'unknown': no such kind; 'refused': no such live channel or a bad
 * signature, nothing stored. A body that is not JSON but correctly signed is kept as it came, never refused:
 * refusing would make the provider retry it and then drop it.
 */
export async function acceptEvent(
  deps: AcceptDeps & { writer: InboxWriter },
  kind: string,
  req: InboundRequest,
): Promise<'accepted' | 'refused' | 'unknown'> {
  const inbound = deps.channels.get(kind)?.inbound;
  if (!inbound) return 'unknown';
  const ch = await inbound.resolve(req, finder(deps));
  if (!ch || !inbound.verify(ch, req)) return 'refused';
  let payload: unknown;
  // A NUL (PostgreSQL refuses it in text and jsonb) carries nothing a person reads: stripped, not refused.
  try {
    const text = req.rawBody.toString('utf8');
    const json: unknown = JSON.parse(text);
    // In JSON text a NUL or a lone surrogate can only come as a \u escape, and nesting needs brackets: a text
    // with neither (a provider's usual event) has nothing for the walks to change.
    const plain = !ESCAPES_TO_CHECK.test(text) && bracketsAtMost(text, MAX_PLAIN_BRACKETS);
    const parsed = plain ? json : wellFormed(stripNul(json));
    payload = typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    payload = { invalid: req.rawBody.toString('utf8').replaceAll('\u0000', '').slice(0, 10_000) };
  }
  const pieces = inbound.split(payload);
  // Nothing the adapter reads (a test event, an unknown field): kept whole, as it came.
  const rows = (pieces.length > 0 ? pieces : [{ orderingKey: '', payload }]).map((p) => ({
    companyId: ch.companyId,
    channelId: ch.id,
    orderingKey: p.orderingKey,
    payload: p.payload,
  }));
  await deps.writer.write(rows);
  return 'accepted';
}
