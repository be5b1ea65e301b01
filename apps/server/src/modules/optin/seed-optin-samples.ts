import { OPTIN_CHANNEL_KINDS } from '@prosa/shared/optin';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { subscribers } from '../../db/schema/campaigns';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import type { Db } from '../../platform/db';

// Opt-in subscribers of the demo company (issue 18), so the opt-in screen and "all subscribers" campaigns have
// people: on the first channel of each kind (WhatsApp Enterprise, WhatsApp, SMS), five active and one who wrote SAIR.

const PEOPLE = [
  ['Ana Beatriz Rocha', '11987001001'],
  ['Carlos Eduardo Melo', '11987001002'],
  ['Fernanda Alves', '21987001003'],
  ['Gustavo Henrique Dias', '31987001004'],
  ['Juliana Prado', '41987001005'],
  ['Marcos Vinícius Teles', '51987001006'],
] as const;

/** Writes the sample once per channel (existing numbers are left as they are); returns the rows written. */
export async function seedOptinSamples(db: Db): Promise<number> {
  const [demo] = await db.select().from(companies).where(eq(companies.name, 'Empresa Demo')).limit(1);
  if (!demo) return 0;
  const rows = await db
    .select({ id: channels.id, kind: channels.kind })
    .from(channels)
    .where(
      and(
        eq(channels.companyId, demo.id),
        inArray(channels.kind, [...OPTIN_CHANNEL_KINDS]),
        isNull(channels.deletedAt),
      ),
    )
    .orderBy(asc(channels.id));
  const firstOfKind = [...new Map(rows.reverse().map((c) => [c.kind, c.id])).values()];
  let written = 0;
  for (const channelId of firstOfKind) {
    const inserted = await db
      .insert(subscribers)
      .values(
        PEOPLE.map(([name, phone], i) => ({
          companyId: demo.id,
          channelId,
          uid: `55${phone}`,
          name,
          subscriberStatus: i === PEOPLE.length - 1 ? ('inactive' as const) : ('active' as const),
          source: i === PEOPLE.length - 1 ? 'optout' : 'inbound',
        })),
      )
      .onConflictDoNothing({ target: [subscribers.companyId, subscribers.channelId, subscribers.uid] })
      .returning({ id: subscribers.id });
    written += inserted.length;
  }
  return written;
}
