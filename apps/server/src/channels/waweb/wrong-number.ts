import { ZWawebConfig } from '@prosa/shared/waweb';
import { and, eq } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import type { SessionRef } from './leases';

// A number with a `phone_number` in its config must be paired by that phone (spec 2 §8: "Canal desconectado!
// Certifique-se que o número informado é o mesmo do aparelho"): the session compares it with the account that
// scanned the QR (Baileys' `creds.me.id`) each time it connects, and forgets a session of another phone.

/** The forms of a Brazilian mobile: with and without the 9th digit (55 + DDD + 9 + 8 digits). */
function forms(digits: string): string[] {
  const withNine = /^(55\d{2})9(\d{8})$/.exec(digits);
  if (withNine) return [digits, `${withNine[1]}${withNine[2]}`];
  const withoutNine = /^(55\d{2})(\d{8})$/.exec(digits);
  if (withoutNine) return [digits, `${withoutNine[1]}9${withoutNine[2]}`];
  return [digits];
}

/**
 * Whether the number typed in the form (digits, with country code, or a Brazilian one with DDD only) is the
 * account's (the user part of its jid: always with country code). Brazilian mobiles match with or without
 * their 9th digit, since WhatsApp keeps older accounts without it.
 */
export function samePhone(configured: string, account: string): boolean {
  const typed = configured.replace(/\D/g, '');
  const mine = forms(account.replace(/\D/g, ''));
  if (typed === '' || mine[0] === '') return true;
  const candidates = [typed, ...(typed.length === 10 || typed.length === 11 ? [`55${typed}`] : [])];
  return candidates.some((c) => forms(c).some((f) => mine.includes(f)));
}

/** The phone of a jid's user part (`5511988880000:3@s.whatsapp.net` → `5511988880000`). */
const userOf = (jid: string) => jid.split('@')[0]?.split(':')[0] ?? '';

/**
 * True when the channel's config names a phone and the paired account (`meId`) is another one. A channel
 * without a phone in its config, or a session not paired yet, is never the wrong number.
 */
export async function isWrongNumber(db: Db, ref: SessionRef, meId: string | undefined): Promise<boolean> {
  if (!meId) return false;
  const [row] = await db
    .select({ config: channels.config })
    .from(channels)
    .where(and(eq(channels.companyId, ref.companyId), eq(channels.id, ref.channelId)));
  const config = ZWawebConfig.safeParse(row?.config ?? {});
  if (!config.success || config.data.phone_number === '') return false;
  return !samePhone(config.data.phone_number, userOf(meId));
}
