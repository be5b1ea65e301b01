// NewChat's queue text, without zod: the page (widget bundle) and the server both use it.
export const NEWCHAT_QUEUE_PLACEHOLDER = '{{fila}}';

/** The queue text with the visitor's position (spec: the queue placeholder in double braces). */
export function queueText(message: string, position: number): string {
  return message.split(NEWCHAT_QUEUE_PLACEHOLDER).join(String(position));
}

/** Typing is sent at most once in this time (the page and the operator's screen throttle, the server too). */
export const NEWCHAT_TYPING_THROTTLE_MS = 2000;
/** A typing indicator that is not renewed disappears after this time. */
export const NEWCHAT_TYPING_TTL_MS = 5000;

/** What the other side sees while someone types. */
export const NEWCHAT_MSG_TYPING = 'digitando…';

/** The server drops typing events closer than this (a flood guard; the clients pace themselves). */
export const NEWCHAT_TYPING_FLOOD_MS = 250;

export type TTypingSignal = {
  /** A keystroke: sent now, or once at the end of the current window (never dropped). */
  poke(): void;
  /** A message went out (typing ended): the next keystroke is sent at once. */
  reset(): void;
  dispose(): void;
};

type Timers = {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (t: unknown) => void;
};

// The host's timers (browser or Node): this package is compiled without DOM or Node types.
const host = globalThis as unknown as {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(t: unknown): void;
};
const REAL_TIMERS: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => host.setTimeout(fn, ms),
  clearTimeout: (t) => host.clearTimeout(t),
};

/**
 * Typing sent at most once per `ms`, with a trailing send: keystrokes inside the window are not lost but sent
 * once when it ends, so the other side always learns that someone is (still) typing.
 */
export function typingSignal(ms: number, send: () => void, timers: Timers = REAL_TIMERS): TTypingSignal {
  let last = Number.NEGATIVE_INFINITY;
  let pending: unknown = null;
  const fire = () => {
    pending = null;
    last = timers.now();
    send();
  };
  const cancel = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };
  return {
    poke() {
      const wait = last + ms - timers.now();
      if (wait <= 0) {
        cancel();
        fire();
      } else if (pending === null) pending = timers.setTimeout(fire, wait);
    },
    reset() {
      cancel();
      last = Number.NEGATIVE_INFINITY;
    },
    dispose: cancel,
  };
}
