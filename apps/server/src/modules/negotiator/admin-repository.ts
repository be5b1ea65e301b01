import { and, asc, count, desc, eq, ilike, inArray, isNull, ne } from 'drizzle-orm';
import { mailings } from '../../db/schema/campaigns';
import { channels } from '../../db/schema/channels';
import { multichannelLinks } from '../../db/schema/multichannel';
import { type NegotiatorRow, negotiators } from '../../db/schema/negotiator';
import { statuses } from '../../db/schema/organization';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// The negotiators' administration reads and writes: negotiators, and the company's mailings, multichannel links,
// channels and statuses the form points at (read generically from their tables).

type Conn = Db | Tx;
const live = isNull(negotiators.deletedAt);
const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function pageNegotiators(
  db: Conn,
  companyId: number,
  opts: { page: number; perPage: number; name?: string },
) {
  const where = ofCompany(
    negotiators,
    companyId,
    live,
    opts.name ? ilike(negotiators.name, `%${likeEscape(opts.name)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(negotiators)
      .where(where)
      .orderBy(desc(negotiators.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage),
    db.select({ n: count() }).from(negotiators).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findNegotiator(db: Conn, companyId: number, id: number): Promise<NegotiatorRow | null> {
  const [row] = await db
    .select()
    .from(negotiators)
    .where(ofCompany(negotiators, companyId, eq(negotiators.id, id), live))
    .limit(1);
  return row ?? null;
}

/** The company's other live negotiators (their channel_ids), for the one-negotiator-per-channel rule. */
export async function otherNegotiators(db: Conn, companyId: number, exceptId: number | null) {
  return db
    .select({ id: negotiators.id, channelIds: negotiators.channelIds })
    .from(negotiators)
    .where(ofCompany(negotiators, companyId, live, exceptId ? ne(negotiators.id, exceptId) : undefined));
}

export type NegotiatorValues = Omit<
  typeof negotiators.$inferInsert,
  'id' | 'companyId' | 'hash' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'phrases'
>;

export async function insertNegotiator(
  db: Conn,
  values: NegotiatorValues & { companyId: number; hash: string },
) {
  const [row] = await db.insert(negotiators).values(values).returning();
  if (!row) throw new Error('negotiator not inserted');
  return row;
}

export async function updateNegotiatorRow(
  db: Conn,
  companyId: number,
  id: number,
  values: Partial<NegotiatorValues> & { phrases?: Record<string, Record<string, string>> },
) {
  const [row] = await db
    .update(negotiators)
    .set({ ...values, updatedAt: new Date() })
    .where(ofCompany(negotiators, companyId, eq(negotiators.id, id), live))
    .returning();
  return row ?? null;
}

export async function softDeleteNegotiator(db: Conn, companyId: number, id: number) {
  const rows = await db
    .update(negotiators)
    .set({ deletedAt: new Date() })
    .where(ofCompany(negotiators, companyId, eq(negotiators.id, id), live))
    .returning({ id: negotiators.id });
  return rows.length > 0;
}

// ─── What the form points at ────────────────────────────────────────────────────────────────────────────────────

export async function companyMailings(db: Conn, companyId: number, ids?: number[]) {
  if (ids && ids.length === 0) return [];
  return db
    .select({
      id: mailings.id,
      title: mailings.title,
      fields: mailings.fields,
      active: mailings.active,
      dueDateMin: mailings.dueDateMin,
      dueDateMax: mailings.dueDateMax,
    })
    .from(mailings)
    .where(
      ofCompany(mailings, companyId, isNull(mailings.deletedAt), ids ? inArray(mailings.id, ids) : undefined),
    )
    .orderBy(asc(mailings.title), asc(mailings.id));
}

export async function companyLinks(db: Conn, companyId: number, ids?: number[]) {
  if (ids && ids.length === 0) return [];
  return db
    .select({
      id: multichannelLinks.id,
      name: multichannelLinks.name,
      hash: multichannelLinks.hash,
      payload: multichannelLinks.payload,
    })
    .from(multichannelLinks)
    .where(
      ofCompany(
        multichannelLinks,
        companyId,
        isNull(multichannelLinks.deletedAt),
        ids ? inArray(multichannelLinks.id, ids) : undefined,
      ),
    )
    .orderBy(asc(multichannelLinks.name), asc(multichannelLinks.id));
}

export async function companyChannels(db: Conn, companyId: number, kinds: string[]) {
  return db
    .select({ id: channels.id, kind: channels.kind, name: channels.name, config: channels.config })
    .from(channels)
    .where(ofCompany(channels, companyId, isNull(channels.deletedAt), inArray(channels.kind, kinds)))
    .orderBy(asc(channels.name), asc(channels.id));
}

export async function companyStatuses(db: Conn, companyId: number) {
  return db
    .select({
      id: statuses.id,
      name: statuses.name,
      shouldClose: statuses.shouldClose,
      useInBot: statuses.useInBot,
    })
    .from(statuses)
    .where(and(eq(statuses.companyId, companyId), isNull(statuses.deletedAt)))
    .orderBy(asc(statuses.name), asc(statuses.id));
}
