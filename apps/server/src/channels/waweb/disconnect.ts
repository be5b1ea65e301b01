import type { TWawebState } from '@prosa/shared/waweb-states';

// What a closed WhatsApp Web connection means for the channel (issue 13): the state the screens show and what
// the channel server does next. Baileys closes with a status code (its DisconnectReason).

export type WawebNext =
  /** Connect again after `delayMs` with the same credentials (no new QR). */
  | { state: TWawebState; action: 'reconnect'; delayMs: number }
  /** The session is gone (logged out on the phone, credentials refused): forget it; a start asks for a new QR. */
  | { state: TWawebState; action: 'forget' }
  /** Waiting for a person: the QR expired unread, or the number opened elsewhere. */
  | { state: TWawebState; action: 'idle' };

const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 60_000;

/** 1 s, 2 s, 4 s … up to a minute, with up to a fifth more at random so many sessions do not return at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 16)));
  return Math.round(base * (1 + random() * 0.2));
}

/**
 * The next step after a close with `statusCode` (undefined: the socket dropped without one). `paired`: the
 * session had logged in before (its credentials are registered); `attempt`: reconnections since the last open;
 * `qrShown`: this connection showed a QR (Baileys closes with 408 both when its QR refs run out unread and when
 * WhatsApp cannot be reached at all — only the first waits for a person).
 */
export function afterClose(
  statusCode: number | undefined,
  ctx: { paired: boolean; attempt: number; qrShown?: boolean; random?: () => number },
): WawebNext {
  const later = (state: TWawebState): WawebNext => ({
    state,
    action: 'reconnect',
    delayMs: reconnectDelay(ctx.attempt, ctx.random),
  });
  switch (statusCode) {
    case 515: // restart required: the normal step right after pairing
      return { state: 'OPENING', action: 'reconnect', delayMs: 0 };
    case 401: // logged out from the phone
    case 500: // bad session: the stored keys no longer work
    case 411: // multi-device mismatch
    case 403: // refused by WhatsApp
      return { state: 'UNPAIRED', action: 'forget' };
    case 440: // replaced: the same session opened elsewhere; fighting for it would log it out
      return { state: 'not-running', action: 'idle' };
    case 408:
      // The QR refs ran out unread; else the connection timed out or WhatsApp could not be reached.
      return !ctx.paired && ctx.qrShown !== false
        ? { state: 'UNPAIRED_IDLE', action: 'idle' }
        : later('TIMEOUT');
    default: // 428 closed, 503 unavailable, or a dropped socket
      return ctx.paired ? later('OPENING') : later('UNLAUNCHED');
  }
}
