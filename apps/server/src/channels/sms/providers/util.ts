import { OutboundError, type OutboundGuard } from '../../../platform/outbound-url';
import type { SendResult } from '../../port';

export const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim()
    ? v.trim()
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : null;

/** A date the broker wrote, or now when it wrote none we can read. */
export function dateOf(v: unknown): Date {
  const d = typeof v === 'string' || typeof v === 'number' ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : new Date();
}

/** The value at a dotted path (`a.b.0.c`); null when absent. */
export function pathGet(value: unknown, path: string): unknown {
  if (!path) return null;
  let cur: unknown = value;
  for (const key of path.split('.')) {
    if (Array.isArray(cur)) cur = /^\d+$/.test(key) ? cur[Number(key)] : undefined;
    else if (typeof cur === 'object' && cur !== null && Object.hasOwn(cur, key))
      cur = (cur as Record<string, unknown>)[key];
    else return null;
    if (cur === undefined) return null;
  }
  return cur;
}

/** Digits only (brokers write numbers with or without "+"). */
export const digits = (v: unknown) => (str(v) ?? '').replace(/\D/g, '');

export type BrokerAnswer = { status: number; body: unknown; retryAfterMs: number | null };

/** One HTTP call to a broker through the outbound-URL guard; a network failure throws OutboundError. */
export async function brokerCall(
  http: OutboundGuard,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<BrokerAnswer> {
  const res = await http.fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await res.text().catch((err: unknown) => {
    throw new OutboundError(`resposta interrompida: ${err instanceof Error ? err.message : String(err)}`);
  });
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Some brokers answer plain text.
  }
  const ra = Number(res.headers.get('retry-after'));
  return { status: res.status, body, retryAfterMs: Number.isFinite(ra) && ra > 0 ? ra * 1000 : null };
}

/** What an answer that is not a success means for the send. */
export function failureOf(a: BrokerAnswer, detail: string): SendResult {
  const error = `HTTP ${a.status}${detail ? `: ${detail}` : ''}`;
  if (a.status === 429 || a.status >= 500) return { state: 'retry', error, retryAfterMs: a.retryAfterMs };
  return { state: 'error', error };
}

/** A send whose call got no answer: it may have been accepted, so it is never sent again. */
export async function attempt(run: () => Promise<SendResult>): Promise<SendResult> {
  try {
    return await run();
  } catch (err) {
    return { state: 'error', error: err instanceof Error ? err.message : String(err), unknownOutcome: true };
  }
}

export const base = (url: string) => url.replace(/\/+$/, '');
