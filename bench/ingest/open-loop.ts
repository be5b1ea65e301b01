import { performance } from 'node:perf_hooks';
import { postWebhook } from './http';
import type { InboundMessage } from './messages';
import { count } from './stats';

export type OfferedRun = {
  /** Scheduled send time of each message (performance.now() ms): latencies count from the schedule. */
  due: number[];
  start: number;
  /** When the last POST left. */
  lastSent: number;
  codes: Record<string, number>;
  /** POST → answer of each 200 (ms). */
  answers: number[];
  /** Settles when every POST has been answered or timed out. */
  answered: Promise<void>;
};

/**
 * Open loop: message k leaves at start + k/rate whatever the server does (it never waits for an answer),
 * so a slow server shows as latency, not as a lower offered rate. Timers at given offsets (ms from the
 * start) run during the schedule without holding it back.
 */
export async function offerOpenLoop(o: {
  target: URL;
  messages: InboundMessage[];
  rate: number;
  timeoutMs: number;
  at?: { offsetMs: number; run: (start: number) => Promise<void> }[];
}): Promise<OfferedRun & { timers: Promise<void>[] }> {
  const codes: Record<string, number> = {};
  const answers: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now() + 5;
  const due = o.messages.map((_, k) => start + (k * 1000) / o.rate);
  const timers = (o.at ?? []).map(
    (t) =>
      new Promise<void>((resolve) => {
        setTimeout(
          () => {
            t.run(start).then(resolve, resolve);
          },
          Math.max(0, start + t.offsetMs - performance.now()),
        );
      }),
  );
  let next = 0;
  let lastSent = start;
  await new Promise<void>((finished) => {
    const tick = () => {
      const now = performance.now();
      while (next < o.messages.length && (due[next] ?? Number.POSITIVE_INFINITY) <= now) {
        const m = o.messages[next++];
        if (!m) break;
        const t0 = performance.now();
        pending.push(
          postWebhook(o.target, m, o.timeoutMs).then((status) => {
            count(codes, status);
            if (status === 200) answers.push(performance.now() - t0);
          }),
        );
      }
      lastSent = performance.now();
      if (next >= o.messages.length) return finished();
      setTimeout(tick, Math.max(0, Math.min(5, (due[next] ?? now) - performance.now())));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  return {
    due,
    start,
    lastSent,
    codes,
    answers,
    answered: Promise.all(pending).then(() => {}),
    timers,
  };
}
