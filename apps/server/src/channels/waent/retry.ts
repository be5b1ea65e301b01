import { GraphError } from './graph-client';

/**
 * Retries a Graph API call that failed with 429, 5xx or a retryable error code: exponential backoff from
 * `baseMs`, Meta's Retry-After when given, at most `tries` calls. Only a call that was answered with an error
 * is repeated, so the API never accepted it: no duplicates. A network error (no answer) is not retried,
 * since the message may have been accepted.
 */
export async function withRetry<T>(
  fn: () => Promise<T>,
  opts: { tries?: number; baseMs?: number; maxMs?: number } = {},
): Promise<T> {
  const tries = opts.tries ?? 5;
  const base = opts.baseMs ?? 500;
  const max = opts.maxMs ?? 30_000;
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof GraphError) || !err.retryable || i >= tries) throw err;
      const backoff = Math.min(max, base * 2 ** (i - 1));
      const wait = err.retryAfterSeconds !== null ? Math.min(max, err.retryAfterSeconds * 1000) : backoff;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}
