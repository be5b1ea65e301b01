import { describe, expect, it } from 'vitest';
import { NOT_CONNECTED_RETRY_MS, toSendResult } from './control-send';

describe('a session’s send outcome for the outbound path', () => {
  it('sent: the id of the last part', () => {
    expect(toSendResult({ state: 'sent', ids: ['A1', 'A2'] })).toEqual({
      state: 'sent',
      providerMessageId: 'A2',
    });
  });

  it('handed over without an answer: never sent again', () => {
    expect(
      toSendResult({ state: 'failed', error: 'socket fechado', partsSent: 1, unknownOutcome: true }),
    ).toEqual({ state: 'error', error: 'socket fechado', unknownOutcome: true });
  });

  it('not sent (not connected): tried again from the part that did not leave', () => {
    expect(
      toSendResult({ state: 'failed', error: 'Canal não está rodando', partsSent: 2, unknownOutcome: false }),
    ).toEqual({
      state: 'retry',
      error: 'Canal não está rodando',
      retryAfterMs: NOT_CONNECTED_RETRY_MS,
      partsSent: 2,
    });
  });
});
