/**
 * A token bucket per phone number, in this process: at most `perSecond` sends a second (bursts up to one
 * second's worth). With several API nodes each node has its own bucket.
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
