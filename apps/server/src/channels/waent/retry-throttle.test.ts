import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GraphError } from './graph-client';
import { withRetry } from './retry';
import { Throttle } from './throttle';

describe('withRetry', () => {
  it('retries 429 and 5xx until success, and only those', async () => {
    const errors = [new GraphError(429, 130429, 'rate', null), new GraphError(503, null, 'down', null)];
    let calls = 0;
    const r = await withRetry(
      async () => {
        calls++;
        const e = errors.shift();
        if (e) throw e;
        return 'ok';
      },
      { baseMs: 1 },
    );
    expect(r).toBe('ok');
    expect(calls).toBe(3);
  });

  it('does not retry a 400 nor a network error (the message may have been accepted)', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new GraphError(400, 100, 'invalid', null);
        },
        { baseMs: 1 },
      ),
    ).rejects.toThrow('invalid');
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new TypeError('fetch failed');
        },
        { baseMs: 1 },
      ),
    ).rejects.toThrow('fetch failed');
    expect(calls).toBe(2);
  });

  it('stops after the tries and honours Retry-After', async () => {
    let calls = 0;
    const started = Date.now();
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new GraphError(429, 130429, 'rate', 0.05);
        },
        { tries: 3, baseMs: 1 },
      ),
    ).rejects.toBeInstanceOf(GraphError);
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });
});

describe('Throttle', () => {
  // A fake clock: the pacing is checked in exact milliseconds, never against a loaded machine's wall clock.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts the takes and reports when all of them went through. */
  const takeAll = (t: Throttle, key: string, n: number, perSecond: number) => {
    const state = { done: false };
    const all = Promise.all(Array.from({ length: n }, () => t.take(key, perSecond))).then(() => {
      state.done = true;
    });
    return { state, all };
  };

  it('lets a second worth through at once, then paces at the rate', async () => {
    const t = new Throttle();
    const burst = takeAll(t, 'n1', 10, 10);
    await vi.advanceTimersByTimeAsync(1);
    expect(burst.state.done).toBe(true);
    // 5 more at 10/s: one every 100 ms, the last at 500 ms.
    const more = takeAll(t, 'n1', 5, 10);
    await vi.advanceTimersByTimeAsync(448);
    expect(more.state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(52);
    await more.all;
    expect(more.state.done).toBe(true);
  });

  it('keeps numbers apart', async () => {
    const t = new Throttle();
    await takeAll(t, 'a', 5, 5).all;
    const b = takeAll(t, 'b', 1, 5);
    await vi.advanceTimersByTimeAsync(1);
    expect(b.state.done).toBe(true);
    // The exhausted number still waits for its next token.
    const a = takeAll(t, 'a', 1, 5);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(a.state.done).toBe(true);
  });
});
