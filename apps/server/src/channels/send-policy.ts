import type { SendResult } from './port';

// What an attempt's answer means for a message (plan 0005 §4). Each attempt is one run of the durable send
// (channels/outbound/run-send.ts) and calls the provider once: a 429 or 5xx is tried again later by a
// continuation, never in place, so no process holds a message while it waits.

/** Attempts of one message before its provider's last refusal is kept as its error. */
export const MAX_SEND_ATTEMPTS = 5;

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/** The wait before attempt `attempt + 1`: the provider's Retry-After, else 0.5 s·2^(attempt−1); at most 30 s. */
export function retryDelayMs(retryAfterMs: number | null, attempt: number): number {
  const wait = retryAfterMs ?? BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1);
  return Math.min(MAX_DELAY_MS, Math.max(0, wait));
}

/** The text kept on a message whose provider gave no answer: it may have been accepted, so it is not re-sent. */
export const NO_ANSWER_ERROR = 'Sem resposta do provedor; a mensagem pode não ter sido entregue.';

export type AttemptVerdict =
  | { state: 'sent'; providerMessageId: string | null }
  | { state: 'error'; error: string }
  /** Try again after `delayMs`, resuming after the `partsSent` parts the provider already accepted. */
  | { state: 'retry'; delayMs: number; partsSent: number };

/**
 * The verdict on attempt number `attempt` (1 for the first): sent; refused or unanswered (an error, never tried
 * again: a message that may have been accepted is not sent twice); or a 429/5xx tried again until the last
 * attempt, whose provider text becomes the error. Parts accepted by earlier attempts stay accepted.
 */
export function judgeAttempt(result: SendResult, attempt: number, partsSentBefore = 0): AttemptVerdict {
  if (result.state === 'sent') return { state: 'sent', providerMessageId: result.providerMessageId ?? null };
  if (result.state === 'error')
    return { state: 'error', error: result.unknownOutcome ? NO_ANSWER_ERROR : result.error };
  if (attempt >= MAX_SEND_ATTEMPTS) return { state: 'error', error: result.error };
  return {
    state: 'retry',
    delayMs: retryDelayMs(result.retryAfterMs, attempt),
    partsSent: Math.max(partsSentBefore, result.partsSent ?? 0),
  };
}
