import { and, eq, isNull, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { type NegotiatorRow, negotiators } from '../../db/schema/negotiator';
import type { Db, Tx } from '../../platform/db';
import { negotiatorEnabled } from './feature';

// Finding the negotiator that runs a negotiation: by the hotsite's hash or by a chat channel, only while live
// (not deleted, the company's flag on); and what the negotiation needs of its company (name, timezone).

export type NegotiationContext = {
  negotiator: NegotiatorRow;
  companyName: string;
  timezone: string;
  now: Date;
};

/** A live negotiator by its hotsite hash (not deleted, the company's flag on). */
export async function negotiatorByHash(db: Db | Tx, hash: string): Promise<NegotiatorRow | null> {
  if (!hash || hash.length > 100) return null;
  const [row] = await db
    .select()
    .from(negotiators)
    .where(and(eq(negotiators.hash, hash), isNull(negotiators.deletedAt)))
    .limit(1);
  if (!row || !(await negotiatorEnabled(db, row.companyId))) return null;
  return row;
}

/** The live negotiator whose command processor runs on the channel (the company's flag on), if any. */
export async function negotiatorForChannel(
  db: Db | Tx,
  companyId: number,
  channelId: number,
): Promise<NegotiatorRow | null> {
  const [row] = await db
    .select()
    .from(negotiators)
    .where(
      and(
        eq(negotiators.companyId, companyId),
        isNull(negotiators.deletedAt),
        sql`${negotiators.channelIds} @> ${JSON.stringify([channelId])}::jsonb`,
      ),
    )
    .orderBy(negotiators.id)
    .limit(1);
  if (!row || !(await negotiatorEnabled(db, companyId))) return null;
  return row;
}

export async function negotiationContext(
  db: Db | Tx,
  negotiator: NegotiatorRow,
  now: Date,
): Promise<NegotiationContext> {
  const [company] = await db
    .select({ name: companies.name, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, negotiator.companyId))
    .limit(1);
  return {
    negotiator,
    companyName: company?.name ?? '',
    timezone: company?.timezone ?? 'America/Sao_Paulo',
    now,
  };
}
