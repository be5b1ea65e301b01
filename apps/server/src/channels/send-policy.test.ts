import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelAdapter, ChannelCtx, OpenChannel, OutboundSend, SendResult } from './port';
import { sendWithPolicy, Throttle, withRetries } from './send-policy';

const retry = (error: string, retryAfterMs: number | null = null): SendResult => ({
  state: 'retry',
  error,
  retryAfterMs,
});

describe('withRetries', () => {
  it('retries 429 and 5xx until success, and only those', async () => {
    const answers = [retry('130429 rate'), retry('503 down')];
    let calls = 0;
    const r = await withRetries<SendResult>(
      async () => {
        calls++;
        return answers.shift() ?? { state: 'sent', providerMessageId: 'ok' };
      },
      { baseMs: 1 },
    );
    expect(r).toEqual({ state: 'sent', providerMessageId: 'ok' });
    expect(calls).toBe(3);
  });

  it('does not retry a 400 nor a network error (the message may have been accepted)', async () => {
    let calls = 0;
    const refused = await withRetries<SendResult>(
      async () => {
        calls++;
        return { state: 'error', error: '100 invalid' };
      },
      { baseMs: 1 },
    );
    expect(refused).toEqual({ state: 'error', error: '100 invalid' });
    const unanswered = await withRetries<SendResult>(
      async () => {
        calls++;
        return { state: 'error', error: 'fetch failed', unknownOutcome: true };
      },
      { baseMs: 1 },
    );
    expect(unanswered).toEqual({ state: 'error', error: 'fetch failed', unknownOutcome: true });
    expect(calls).toBe(2);
  });

  it('stops after the tries and honours Retry-After', async () => {
    let calls = 0;
    const started = Date.now();
    const r = await withRetries<SendResult>(
      async () => {
        calls++;
        return retry('130429 rate', 50);
      },
      { tries: 3, baseMs: 1 },
    );
    expect(r).toMatchObject({ state: 'retry', error: '130429 rate' });
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });

  it('tells each attempt how many parts the provider already accepted', async () => {
    const seen: number[] = [];
    const answers: SendResult[] = [
      { state: 'retry', error: '503 down', retryAfterMs: null, partsSent: 1 },
      { state: 'retry', error: '503 down', retryAfterMs: null, partsSent: 2 },
    ];
    const r = await withRetries<SendResult>(
      async (partsSent) => {
        seen.push(partsSent);
        return answers.shift() ?? { state: 'sent', providerMessageId: 'w3' };
      },
      { baseMs: 1 },
    );
    expect(r).toEqual({ state: 'sent', providerMessageId: 'w3' });
    expect(seen).toEqual([0, 1, 2]);
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

describe('sendWithPolicy', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const channel = (id: number, ratePerSecond: number | null): OpenChannel => ({
    companyId: 1,
    id,
    kind: 'waent',
    name: 'Número',
    defaultSectorId: 1,
    active: true,
    routeKey: `pn-${id}`,
    ratePerSecond,
    config: {},
    secrets: {},
    deletedAt: null,
  });
  const message: OutboundSend = {
    messageId: 1,
    to: { externalId: '5511', data: {} },
    text: 'Olá',
    media: [],
  };

  /** An adapter of the kind given whose provider accepts everything, counting the sends. */
  const counting = (kind: 'waent' | 'web') => {
    const sends: OutboundSend[] = [];
    const adapter: ChannelAdapter = {
      kind,
      capabilities: capabilitiesOf(kind),
      config: { safeParse: () => ({ success: true }) } as unknown as ChannelAdapter['config'],
      send: async (_ctx, _ch, m) => {
        sends.push(m);
        return { state: 'sent' };
      },
    };
    return { adapter, sends };
  };

  const sendAll = (adapter: ChannelAdapter, ch: OpenChannel, n: number, throttle: Throttle) => {
    const state = { done: false };
    const all = Promise.all(
      Array.from({ length: n }, () =>
        sendWithPolicy(adapter, {} as ChannelCtx, ch, message, { throttle, baseMs: 1 }),
      ),
    ).then(() => {
      state.done = true;
    });
    return { state, all };
  };

  it('paces at the channel rate, else at the kind default; a kind without one is not paced', async () => {
    const throttle = new Throttle();
    const waent = counting('waent');
    // 3 per second set on the channel: the 4th send waits a third of a second.
    const own = sendAll(waent.adapter, channel(1, 3), 4, throttle);
    await vi.advanceTimersByTimeAsync(1);
    expect(waent.sends).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(340);
    await own.all;
    expect(waent.sends).toHaveLength(4);
    // No rate on the channel: WhatsApp's default (80/s) lets 80 through at once, not 81.
    const dflt = sendAll(waent.adapter, channel(2, null), 81, throttle);
    await vi.advanceTimersByTimeAsync(1);
    expect(waent.sends).toHaveLength(4 + 80);
    await vi.advanceTimersByTimeAsync(20);
    await dflt.all;
    // The web chat has no rate: everything at once.
    const web = counting('web');
    const free = sendAll(web.adapter, channel(3, null), 500, throttle);
    await vi.advanceTimersByTimeAsync(1);
    expect(free.state.done).toBe(true);
    expect(web.sends).toHaveLength(500);
  });

  it('resumes a message in parts where the provider stopped accepting it', async () => {
    const seen: (number | undefined)[] = [];
    const adapter: ChannelAdapter = {
      ...counting('waent').adapter,
      send: async (_ctx, _ch, m) => {
        seen.push(m.partsSent);
        return seen.length === 1
          ? { state: 'retry', error: '429 rate', retryAfterMs: 10, partsSent: 1 }
          : { state: 'sent', providerMessageId: 'w2' };
      },
    };
    const result = sendWithPolicy(adapter, {} as ChannelCtx, channel(4, null), message, {
      throttle: new Throttle(),
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(await result).toEqual({ state: 'sent', providerMessageId: 'w2' });
    expect(seen).toEqual([undefined, 1]);
  });
});
