import { describe, expect, it } from 'vitest';
import { afterClose, reconnectDelay } from './disconnect';

const noJitter = () => 0;

describe('after a WhatsApp Web connection closes', () => {
  it('reconnects at once after pairing (515) and with backoff after a timeout or a drop, keeping the session', () => {
    expect(afterClose(515, { paired: true, attempt: 0 })).toEqual({
      state: 'OPENING',
      action: 'reconnect',
      delayMs: 0,
    });
    expect(afterClose(408, { paired: true, attempt: 2, random: noJitter })).toEqual({
      state: 'TIMEOUT',
      action: 'reconnect',
      delayMs: 4000,
    });
    expect(afterClose(428, { paired: true, attempt: 0, random: noJitter })).toMatchObject({
      state: 'OPENING',
      action: 'reconnect',
      delayMs: 1000,
    });
    expect(afterClose(undefined, { paired: true, attempt: 1, random: noJitter })).toMatchObject({
      action: 'reconnect',
      delayMs: 2000,
    });
  });

  it('forgets the session when the phone logged out or the keys are refused: a new QR is needed', () => {
    for (const code of [401, 500, 411, 403]) {
      expect(afterClose(code, { paired: true, attempt: 0 })).toEqual({ state: 'UNPAIRED', action: 'forget' });
    }
  });

  it('waits for a person when the QR expired unread (408 before pairing) or the number opened elsewhere (440)', () => {
    expect(afterClose(408, { paired: false, attempt: 0 })).toEqual({
      state: 'UNPAIRED_IDLE',
      action: 'idle',
    });
    expect(afterClose(440, { paired: true, attempt: 0 })).toEqual({ state: 'not-running', action: 'idle' });
  });

  it('keeps trying, with backoff, when WhatsApp cannot be reached before any QR was shown (408 of a network error)', () => {
    expect(afterClose(408, { paired: false, attempt: 1, qrShown: false, random: noJitter })).toEqual({
      state: 'TIMEOUT',
      action: 'reconnect',
      delayMs: 2000,
    });
    expect(afterClose(408, { paired: false, attempt: 0, qrShown: true })).toEqual({
      state: 'UNPAIRED_IDLE',
      action: 'idle',
    });
  });

  it('backs off 1, 2, 4 … seconds up to a minute, with at most a fifth more at random', () => {
    expect([0, 1, 2, 3, 10].map((a) => reconnectDelay(a, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 60_000,
    ]);
    expect(reconnectDelay(0, () => 0.999)).toBeLessThanOrEqual(1200);
    expect(reconnectDelay(100, () => 1)).toBe(72_000);
  });
});
