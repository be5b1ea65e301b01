import type { ChannelAdapter, ChannelCtx, OpenChannel, OutboundSend, SendResult } from './port';

// Until sends are durable jobs with a rate shared by every node (plan 0005 §4), a message is sent in the
// request that stored it: paced per channel in this process, and tried again in place when the provider
// answers 429 or 5xx.

/**
 * A token bucket per channel, in this process: at most `perSecond` sends a second (bursts up to one second's
 * worth). With several API nodes each node has its own bucket.
 */
export class Throttle {
  private readonly buckets = new Map<string, { tokens: number; at: number; chain: Promise<void> }>();

  async take(key: string, perSecond: number): Promise<void> {
    const rate = Math.max(1, perSecond);
    let b = this.buckets.get(key);
    if (!b) {
      b = { tokens: rate, at: Date.now(), chain: Promise.resolve() };
      this.buckets.set(key, b);
    }
    const bucket = b;
    const turn = bucket.chain.then(async () => {
      const now = Date.now();
      bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.at) / 1000) * rate);
      bucket.at = now;
      if (bucket.tokens < 1) {
        const waitMs = Math.ceil(((1 - bucket.tokens) / rate) * 1000);
        await new Promise((r) => setTimeout(r, waitMs));
        bucket.tokens = 1;
        bucket.at = Date.now();
      }
      bucket.tokens -= 1;
    });
    bucket.chain = turn.catch(() => {});
    return turn;
  }
}

export type RetryOptions = { tries?: number; baseMs?: number; maxMs?: number };

type Retry = Extract<SendResult, { state: 'retry' }>;
const isRetry = (r: { state: string }): r is Retry => r.state === 'retry';

/**
 * Repeats an attempt while it answers `retry` (the provider said 429 or 5xx, so it accepted nothing of that
 * part): exponential backoff from `baseMs`, the provider's Retry-After when given, at most `tries` attempts;
 * the last answer is returned as it is. Each attempt is told how many parts were already accepted. An error,
 * with or without an answer, is never repeated: a message that may have been accepted is not sent twice.
 */
export async function withRetries<R extends { state: string }>(
  attempt: (partsSent: number) => Promise<R | Retry>,
  opts: RetryOptions = {},
): Promise<R | Retry> {
  const tries = opts.tries ?? 5;
  const base = opts.baseMs ?? 500;
  const max = opts.maxMs ?? 30_000;
  let partsSent = 0;
  for (let i = 1; ; i++) {
    const result = await attempt(partsSent);
    if (!isRetry(result) || i >= tries) return result;
    partsSent = result.partsSent ?? partsSent;
    const wait = result.retryAfterMs !== null ? result.retryAfterMs : base * 2 ** (i - 1);
    await new Promise((r) => setTimeout(r, Math.min(max, wait)));
  }
}

const processThrottle = new Throttle();

/** A message to its channel: paced at the channel's rate (or its kind's default), retried as withRetries says. */
export function sendWithPolicy(
  adapter: ChannelAdapter,
  ctx: ChannelCtx,
  ch: OpenChannel,
  m: OutboundSend,
  opts: RetryOptions & { throttle?: Throttle } = {},
): Promise<SendResult> {
  const rate = ch.ratePerSecond ?? adapter.capabilities.defaultRatePerSecond;
  const throttle = opts.throttle ?? processThrottle;
  return withRetries<SendResult>(async (partsSent) => {
    if (rate !== null) await throttle.take(String(ch.id), rate);
    return adapter.send(ctx, ch, partsSent > 0 ? { ...m, partsSent } : m);
  }, opts);
}
