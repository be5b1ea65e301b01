/** Nearest-rank percentile of ascending values; Infinity stands for a message that never arrived. */
export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

export type Latency = {
  /** Milliseconds; null when the percentile falls on a message that never arrived (or there were none). */
  p50: number | null;
  p99: number | null;
  max: number | null;
  /** The slowest message that did arrive. */
  maxArrived: number | null;
  arrived: number;
  of: number;
};

/** Percentiles over every offered message, a missing one counted as infinitely late (never better). */
export function latencyOf(values: (number | undefined)[]): Latency {
  const sorted = values.map((v) => v ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  const arrived = sorted.filter(Number.isFinite);
  const finite = (v: number | null) => (v !== null && Number.isFinite(v) ? round(v) : null);
  return {
    p50: finite(percentile(sorted, 50)),
    p99: finite(percentile(sorted, 99)),
    max: finite(sorted.at(-1) ?? null),
    maxArrived: finite(arrived.at(-1) ?? null),
    arrived: arrived.length,
    of: sorted.length,
  };
}

export const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

export const fmtMs = (v: number | null, missing = 'lost') =>
  v === null ? missing : `${v.toLocaleString('en-US', { maximumFractionDigits: 1 })} ms`;

export const fmtInt = (v: number) => Math.round(v).toLocaleString('en-US');

export const fmtCodes = (codes: Record<string, number>) => {
  const bad = Object.entries(codes).filter(([s]) => s !== '200');
  return bad.length ? bad.map(([s, n]) => `${n}×${s === '0' ? 'no answer' : s}`).join(', ') : '0';
};

export const count = (codes: Record<string, number>, status: number) => {
  codes[String(status)] = (codes[String(status)] ?? 0) + 1;
};

export const verdict = (ok: boolean | null) => (ok === null ? '—' : ok ? 'met' : 'NOT met');
