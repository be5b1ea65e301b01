import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  type MessageRow,
  type OutboundRunDeps,
  runSend,
  type SendRun,
} from '../../channels/outbound/run-send';
import { messages } from '../../db/schema/attendance';
import { sendJob } from '../../jobs/catalogue';
import type { AppDeps } from '../../platform/deps';

// How a stored outgoing message leaves (plan 0005 §4): the durable job `outbound.send` is its record of work,
// whatever node stored it; an operator's or a template message is also tried at once in its own request, so
// the answer shows it sent, and the job (+15 s) finds nothing left to do.

export type OutboundDeps = Pick<
  AppDeps,
  'db' | 'queue' | 'storage' | 'outbound' | 'appSecret' | 'config' | 'channels' | 'channelRepository'
>;

type Ids = { companyId: number; messageId: number };

/** The job's delay when the request also tries the message: it only acts if the request could not. */
const SAFETY_NET_MS = 15_000;
/** A provider's short "try again" is waited out in the request (today's answers keep showing the result). */
const INLINE_RETRY_MAX_MS = 10_000;
/** How long a job run waits for a slot of a busy channel before queuing the message behind the backlog. */
const JOB_RATE_WAIT_MS = 5_000;

const NAMESPACE = Buffer.from('6f2b7c1e8d4a4f0e9b3c5a7d1e2f3a4b', 'hex');

/** A name-based (version 5) UUID: the same step of the same message always gets the same job id. */
export function uuidv5(name: string, namespace: Buffer = NAMESPACE): string {
  const hash = createHash('sha1').update(namespace).update(name).digest();
  const b = Buffer.from(hash.subarray(0, 16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x50;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The job id of a step of a message: its company, its id and the step (the attempts made before it). */
export const sendJobId = (ids: Ids, step: string | number) =>
  uuidv5(`${ids.companyId}:${ids.messageId}:${step}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Queues the send of a message (the same step twice is one job). Without a queue (tests, tools) the step runs
 * in this process instead, at its time.
 */
export async function enqueueSend(
  deps: OutboundDeps,
  ids: Ids,
  step: string | number,
  startAfter?: Date,
): Promise<string | null> {
  if (deps.queue)
    return sendJob(deps.queue, 'outbound.send', ids, {
      id: sendJobId(ids, step),
      ...(startAfter ? { startAfter } : {}),
    });
  const delay = startAfter ? Math.max(0, startAfter.getTime() - Date.now()) : 0;
  setTimeout(() => {
    void sendInline(deps, ids).catch(() => {});
  }, delay).unref();
  return null;
}

/** Where a run left the message: a later step is queued for it. */
async function follow(deps: OutboundDeps, ids: Ids, run: SendRun) {
  if (run.state === 'later') await enqueueSend(deps, ids, run.key, run.at);
}

/** The job's run: one attempt, then its continuation queued when the message is not done. */
export async function runSendJob(deps: OutboundDeps, ids: Ids): Promise<void> {
  const run = await runSend(runDeps(deps), ids, { rateWaitMs: JOB_RATE_WAIT_MS });
  await follow(deps, ids, run);
}

const runDeps = (deps: OutboundDeps): OutboundRunDeps => ({
  db: deps.db,
  storage: deps.storage,
  outbound: deps.outbound,
  appSecret: deps.appSecret,
  config: deps.config,
  channels: deps.channels,
  channelRepository: deps.channelRepository,
});

/**
 * Attempts in this process: the first now (a slot of the channel's rate only if it is at most a second away),
 * a provider's short "try again" waited out here; anything longer is queued.
 */
async function sendInline(deps: OutboundDeps, ids: Ids): Promise<void> {
  let run = await runSend(runDeps(deps), ids, { rateWaitMs: 0 });
  while (
    run.state === 'later' &&
    run.reason === 'retry' &&
    run.at.getTime() - Date.now() <= INLINE_RETRY_MAX_MS
  ) {
    await sleep(Math.max(0, run.at.getTime() - Date.now()));
    run = await runSend(runDeps(deps), ids, { rateWaitMs: 0 });
  }
  await follow(deps, ids, run);
}

async function current(deps: Pick<OutboundDeps, 'db'>, ids: Ids): Promise<MessageRow | null> {
  const [row] = await deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, ids.companyId), eq(messages.id, ids.messageId)));
  return row ?? null;
}

/**
 * An operator's or template message, after the commit that stored it: its job is queued first (it runs in 15 s
 * if this request stops), then the request sends it. Answers the message as it stands (sent, error, or still
 * sending when its channel is busy).
 */
export async function sendNow(deps: OutboundDeps, stored: MessageRow): Promise<MessageRow> {
  const ids = { companyId: stored.companyId, messageId: stored.id };
  if (deps.queue) await enqueueSend(deps, ids, stored.sendAttempts, new Date(Date.now() + SAFETY_NET_MS));
  await sendInline(deps, ids);
  return (await current(deps, ids)) ?? stored;
}

/**
 * A message the product sends on its own (SLA, poke, a status's text), after the commit that stored it: only
 * queued, so a timer or a finalization never waits for a provider. Without a queue it is sent here.
 */
export async function sendSoon(deps: OutboundDeps, stored: MessageRow): Promise<void> {
  const ids = { companyId: stored.companyId, messageId: stored.id };
  if (deps.queue) {
    await enqueueSend(deps, ids, stored.sendAttempts);
    return;
  }
  await sendInline(deps, ids);
}
