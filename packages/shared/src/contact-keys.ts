// A contact's address on a channel prefix (spec 3 §3 Mailing is_key_to_channel: fa, em, waweb, web, sms, waent),
// in one normalized form, so a mailing row, a blocked contact, a campaign recipient and an inbound contact of the
// same person compare equal: phones as digits with the country code (Brazilian mobiles with their ninth digit),
// e-mails lowercased, other ids trimmed.
import { activePhone, DEFAULT_DDI } from './hsm';

export const KEY_PREFIXES = ['fa', 'em', 'waweb', 'web', 'sms', 'waent'] as const;
export type TKeyPrefix = (typeof KEY_PREFIXES)[number];

/** Prefixes whose key is a phone number. */
export const PHONE_PREFIXES: readonly string[] = ['waweb', 'waent', 'sms', 'smsn', 'smart'];
/** Prefixes whose key is an e-mail address (the web chat's visitor e-mail). */
export const EMAIL_PREFIXES: readonly string[] = ['em', 'web'];

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A phone as its key: digits, at least 8; up to 11 digits get the country code 55; a Brazilian mobile written
 * without its ninth digit (55 + DDD + 8 digits starting 6–9, as WhatsApp's wa_id often comes) gets it back.
 */
export function phoneKey(raw: string, ddi = DEFAULT_DDI): string | null {
  const p = activePhone(ddi, raw);
  if (!p) return null;
  const full = p.full;
  if (full.startsWith('55') && full.length === 12 && /[6-9]/.test(full.charAt(4)))
    return `${full.slice(0, 4)}9${full.slice(4)}`;
  return full;
}

export function emailKey(raw: string): string | null {
  const v = raw.trim().toLowerCase();
  return EMAIL_RE.test(v) ? v : null;
}

/** The key of `raw` on a channel prefix (or channel kind), or null when it is not a valid address there. */
export function channelKey(prefix: string, raw: string): string | null {
  if (PHONE_PREFIXES.includes(prefix)) return phoneKey(raw);
  if (EMAIL_PREFIXES.includes(prefix)) return emailKey(raw);
  const v = raw.trim();
  return v ? v : null;
}
