import { and, eq, inArray } from 'drizzle-orm';
import { fetchProfile } from '../../channels/meta/graph-client';
import type { MetaGraphOptions } from '../../channels/meta/graph-options';
import type { MetaEntry } from '../../channels/meta/messaging';
import type { OpenChannel } from '../../channels/port';
import { contacts } from '../../db/schema/attendance';
import type { Db } from '../../platform/db';
import type { OutboundGuard } from '../../platform/outbound-url';

// Webhooks carry only page-scoped ids, and the parse does no I/O: a person's first events are annotated here,
// when they are accepted, with the name and picture the Graph API gives (user profile), so the contact is born
// with a name. Later events are not (the contact exists); a profile that does not come in time leaves the id
// as the name rather than delaying or failing the webhook.

const PROFILE_TIMEOUT_MS = 3_000;

export async function annotateNewPeople(
  deps: { db: Db; outbound: OutboundGuard; meta: MetaGraphOptions },
  ch: OpenChannel,
  kind: 'fa' | 'insta',
  entries: MetaEntry[],
): Promise<void> {
  const events = entries
    .flatMap((e) => e.messaging)
    .filter((ev) => !ev.message?.is_echo && !ev.read && !ev.delivery);
  const ids = [...new Set(events.map((ev) => ev.sender.id))];
  if (ids.length === 0) return;
  const known = await deps.db
    .select({ id: contacts.externalId })
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, ch.companyId),
        eq(contacts.channelId, ch.id),
        inArray(contacts.externalId, ids),
      ),
    );
  const fresh = ids.filter((id) => !known.some((k) => k.id === id)).slice(0, 20);
  const page = { token: ch.secrets.page_access_token ?? '', outbound: deps.outbound, options: deps.meta };
  const profiles = await Promise.all(
    fresh.map((id) => fetchProfile(page, kind, id, PROFILE_TIMEOUT_MS).catch(() => null)),
  );
  for (const [i, id] of fresh.entries()) {
    const profile = profiles[i];
    if (!profile?.name && !profile?.picture) continue;
    for (const ev of events) if (ev.sender.id === id) ev.profile = profile;
  }
}
