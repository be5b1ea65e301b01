import { BI_REFRESH_MS } from './bi-reports-texts';

// When an embedded BI report is fetched again (spec 3 §7, §9): every 30 minutes after it loaded, and before its
// token expires (a token that lasts less is refreshed shortly before its end; one already expired at once).

/** Never sooner than this: a provider answering already-expired tokens must not make a tight loop. */
export const BI_MIN_REFRESH_MS = 5_000;
/** How long before the token's end the refresh happens: a minute, or a fifth of a short token's life. */
const MAX_MARGIN_MS = 60_000;

export function biRefreshDelay(o: { loadedAt: number; expiresAt: number | null; now: number }): number {
  const periodic = o.loadedAt + BI_REFRESH_MS;
  let due = periodic;
  if (o.expiresAt !== null && Number.isFinite(o.expiresAt)) {
    const life = Math.max(0, o.expiresAt - o.loadedAt);
    const margin = Math.min(MAX_MARGIN_MS, life / 5);
    due = Math.min(periodic, o.expiresAt - margin);
  }
  return Math.max(BI_MIN_REFRESH_MS, due - o.now);
}

/** Whether a token is past its end (a sleeping tab's timer may come late: checked again when the tab shows). */
export function biTokenExpired(expiresAt: number | null, now: number): boolean {
  return expiresAt !== null && Number.isFinite(expiresAt) && now >= expiresAt;
}
