import { and, count, desc, eq, ilike, inArray, isNull } from 'drizzle-orm';
import { type ChannelRow, channels } from '../../db/schema/channels';
import { type MultichannelLinkRow, multichannelLinks } from '../../db/schema/multichannel';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// Multichannel links and the channel rows they point at (read generically from `channels`: kind, name, route key,
// config), never through the channel kinds' modules.

const live = isNull(multichannelLinks.deletedAt);

export async function listLinks(
  db: Db,
  companyId: number,
  opts: { page: number; perPage: number; search?: string },
) {
  const like = opts.search ? `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = ofCompany(
    multichannelLinks,
    companyId,
    live,
    like ? ilike(multichannelLinks.name, like) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(multichannelLinks)
      .where(where)
      .orderBy(desc(multichannelLinks.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage),
    db.select({ n: count() }).from(multichannelLinks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findLink(db: Db, companyId: number, id: number): Promise<MultichannelLinkRow | null> {
  const rows = await db
    .select()
    .from(multichannelLinks)
    .where(ofCompany(multichannelLinks, companyId, eq(multichannelLinks.id, id), live))
    .limit(1);
  return rows[0] ?? null;
}

/** Public lookup by the hash of /hotsite/<hash> and the widget script. */
export async function findLinkByHash(db: Db, hash: string): Promise<MultichannelLinkRow | null> {
  const rows = await db
    .select()
    .from(multichannelLinks)
    .where(and(eq(multichannelLinks.hash, hash), live))
    .limit(1);
  return rows[0] ?? null;
}

type LinkValues = Pick<MultichannelLinkRow, 'name' | 'widget' | 'payload'>;

export async function insertLink(db: Db, values: LinkValues & { companyId: number; hash: string }) {
  const [row] = await db.insert(multichannelLinks).values(values).returning();
  if (!row) throw new Error('multichannel link not inserted');
  return row;
}

export async function updateLinkRow(db: Db, companyId: number, id: number, values: LinkValues) {
  const [row] = await db
    .update(multichannelLinks)
    .set({ ...values, updatedAt: new Date() })
    .where(ofCompany(multichannelLinks, companyId, eq(multichannelLinks.id, id), live))
    .returning();
  return row ?? null;
}

export async function softDeleteLink(db: Db, companyId: number, id: number) {
  const rows = await db
    .update(multichannelLinks)
    .set({ deletedAt: new Date() })
    .where(ofCompany(multichannelLinks, companyId, eq(multichannelLinks.id, id), live))
    .returning({ id: multichannelLinks.id });
  return rows.length > 0;
}

/** The company's live channels of the kinds a link can point at. */
export async function listLinkableChannels(
  db: Db,
  companyId: number,
  kinds: string[],
): Promise<ChannelRow[]> {
  return db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, inArray(channels.kind, kinds), isNull(channels.deletedAt)))
    .orderBy(channels.name);
}
