import { describe, expect, it } from 'vitest';
import type { SendResult } from './port';
import { judgeAttempt, MAX_SEND_ATTEMPTS, NO_ANSWER_ERROR, retryDelayMs } from './send-policy';

const retry = (error: string, retryAfterMs: number | null = null, partsSent?: number): SendResult => ({
  state: 'retry',
  error,
  retryAfterMs,
  ...(partsSent !== undefined ? { partsSent } : {}),
});

describe('judgeAttempt', () => {
  it('tries 429 and 5xx again, and only those', () => {
    expect(judgeAttempt(retry('130429 rate'), 1)).toMatchObject({ state: 'retry' });
    expect(judgeAttempt(retry('503 down'), 2)).toMatchObject({ state: 'retry' });
    expect(judgeAttempt({ state: 'sent', providerMessageId: 'ok' }, 3)).toEqual({
      state: 'sent',
      providerMessageId: 'ok',
    });
  });

  it('never tries a 400 nor an unanswered call again (the message may have been accepted)', () => {
    expect(judgeAttempt({ state: 'error', error: '100 invalid' }, 1)).toEqual({
      state: 'error',
      error: '100 invalid',
    });
    expect(judgeAttempt({ state: 'error', error: 'fetch failed', unknownOutcome: true }, 1)).toEqual({
      state: 'error',
      error: NO_ANSWER_ERROR,
    });
  });

  it("stops after the tries with the provider's text", () => {
    expect(MAX_SEND_ATTEMPTS).toBe(5);
    expect(judgeAttempt(retry('130429 rate', 50), MAX_SEND_ATTEMPTS - 1)).toMatchObject({ state: 'retry' });
    expect(judgeAttempt(retry('130429 rate', 50), MAX_SEND_ATTEMPTS)).toEqual({
      state: 'error',
      error: '130429 rate',
    });
  });

  it('keeps the parts the provider already accepted for the next attempt', () => {
    expect(judgeAttempt(retry('503 down', null, 1), 1)).toMatchObject({ state: 'retry', partsSent: 1 });
    expect(judgeAttempt(retry('503 down', null, 2), 2, 1)).toMatchObject({ state: 'retry', partsSent: 2 });
    // An attempt that accepted nothing more does not lose what an earlier one did.
    expect(judgeAttempt(retry('503 down'), 3, 2)).toMatchObject({ state: 'retry', partsSent: 2 });
  });
});

describe('retryDelayMs', () => {
  it("honours the provider's Retry-After, else doubles from half a second, never over 30 s", () => {
    expect(retryDelayMs(1000, 1)).toBe(1000);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(null, n))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelayMs(null, 12)).toBe(30_000);
    expect(retryDelayMs(120_000, 1)).toBe(30_000);
    expect(judgeAttempt(retry('130429 rate', 1000), 1)).toMatchObject({ state: 'retry', delayMs: 1000 });
  });
});
