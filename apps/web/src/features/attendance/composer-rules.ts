import type { TCard } from '@prosa/shared/attendance';
import { ATT_MSG } from '@prosa/shared/attendance';

const IFRAME = /<\s*iframe\b/i;
const QUOTE_MAX_AGE_MS = 30 * 86_400_000;

export type TOutgoing = { ok: true; text: string; truncated: boolean } | { ok: false; warning: string };

/** The text limit of the card's channel (spec 1 §5: the server's, e.g. 250 for Smart on SMS), or null when none. */
export function channelLimit(card: Pick<TCard, 'text_limit'>): number | null {
  return card.text_limit;
}

/** Checks a message before sending (spec 1 §5): empty and iframe are refused, long text is cut to the limit. */
export function prepareOutgoing(text: string, limit: number | null): TOutgoing {
  if (text.trim() === '') return { ok: false, warning: ATT_MSG.empty };
  if (IFRAME.test(text)) return { ok: false, warning: ATT_MSG.iframe };
  if (limit !== null && text.length > limit) return { ok: true, text: text.slice(0, limit), truncated: true };
  return { ok: true, text, truncated: false };
}

/** A quote older than 30 days is sent without the quoted id (spec 1 §4). */
export function quoteTooOld(sentAt: string, nowMs: number): boolean {
  return nowMs - Date.parse(sentAt) > QUOTE_MAX_AGE_MS;
}
