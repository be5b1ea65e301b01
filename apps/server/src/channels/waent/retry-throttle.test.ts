import { describe, expect, it } from 'vitest';
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
  it('lets a second worth through at once, then paces at the rate', async () => {
    const t = new Throttle();
    const started = Date.now();
    await Promise.all(Array.from({ length: 10 }, () => t.take('n1', 10)));
    expect(Date.now() - started).toBeLessThan(50);
    await Promise.all(Array.from({ length: 5 }, () => t.take('n1', 10)));
    // 5 more at 10/s: about half a second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('keeps numbers apart', async () => {
    const t = new Throttle();
    await Promise.all(Array.from({ length: 5 }, () => t.take('a', 5)));
    const started = Date.now();
    await t.take('b', 5);
    expect(Date.now() - started).toBeLessThan(30);
  });
});
