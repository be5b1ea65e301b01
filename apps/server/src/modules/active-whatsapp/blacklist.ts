import { and, eq, isNull, or } from 'drizzle-orm';
import { blockedContacts } from '../../db/schema/blacklist';
import type { Db, Tx } from '../../platform/db';

/**
 * Whether an address is blocked (status accepted) on a channel kind (`prefix`), on that channel or on every channel
 * of the kind (spec 1 §5: "Contato informado no campo 'Telefone' está bloqueado."; e-mail: Para / Cópia / Cópia
 * Oculta). `contact` is the key of contact-keys.ts (`channelKey(prefix, raw)`); null (not an address) is never
 * blocked. The one query behind the active sends and the blacklist's own checks.
 */
export async function isBlacklisted(
  db: Db | Tx,
  companyId: number,
  on: { prefix: string; channelId: number; contact: string | null },
): Promise<boolean> {
  if (on.contact === null) return false;
  const [row] = await db
    .select({ id: blockedContacts.id })
    .from(blockedContacts)
    .where(
      and(
        eq(blockedContacts.companyId, companyId),
        eq(blockedContacts.contact, on.contact),
        eq(blockedContacts.status, 'accepted'),
        eq(blockedContacts.prefix, on.prefix),
        or(isNull(blockedContacts.channelId), eq(blockedContacts.channelId, on.channelId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
