import { INT4_MAX } from '@prosa/shared/ids';
import { normalizeSearchText } from '@prosa/shared/knowledge';
import { and, asc, count, desc, eq, exists, gt, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { knowledgeItems, knowledgeItemTags, knowledgeTags } from '../../db/schema/knowledge';
import { userSectors } from '../../db/schema/users';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

export type KnowledgeRow = typeof knowledgeItems.$inferSelect;

/** Who reads: with a sector scope (operator under knowledgebase_scope 'sector') only items of their sectors. */
export type Reader = { companyId: number; userId: number; sectorScoped: boolean };

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (term: string) => `%${escapeLike(term)}%`;

/** The stored search form of an item: title first (autocomplete ranks title prefixes first), then text. */
export const searchColumnOf = (title: string, text: string) =>
  `${normalizeSearchText(title)} ${normalizeSearchText(text)}`;

function visible(reader: Reader, ...conds: (SQL | undefined)[]): SQL {
  const scope = reader.sectorScoped
    ? or(
        isNull(knowledgeItems.sectorId),
        inArray(
          knowledgeItems.sectorId,
          // A sub-select of the reader's sectors (user_sectors).
          sql`(select ${userSectors.sectorId} from ${userSectors}
            where ${userSectors.companyId} = ${reader.companyId} and ${userSectors.userId} = ${reader.userId})`,
        ),
      )
    : undefined;
  return ofCompany(knowledgeItems, reader.companyId, isNull(knowledgeItems.deletedAt), scope, ...conds);
}

/** An item matches a word when its title or text contains it, or one of its tags does. */
function matchesWord(companyId: number, word: string): SQL | undefined {
  const tagged = exists(
    sql`(select 1 from ${knowledgeItemTags} it join ${knowledgeTags} t
      on t.company_id = it.company_id and t.id = it.tag_id
      where it.company_id = ${companyId} and it.item_id = ${knowledgeItems.id}
      and t.normalized like ${contains(word)})`,
  );
  return or(like(knowledgeItems.search, contains(word)), tagged);
}

export type ListFilter = { kind: 'all' } | { kind: 'id'; id: number } | { kind: 'text'; words: string[] };

export async function listItems(db: Db, reader: Reader, filter: ListFilter, page: number, perPage: number) {
  const where =
    filter.kind === 'id'
      ? visible(reader, eq(knowledgeItems.id, filter.id))
      : filter.kind === 'text'
        ? visible(reader, ...filter.words.map((w) => matchesWord(reader.companyId, w)))
        : visible(reader);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(knowledgeItems)
      .where(where)
      .orderBy(asc(knowledgeItems.search), asc(knowledgeItems.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(knowledgeItems).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function mostUsedItems(db: Db, reader: Reader, limit: number) {
  return db
    .select()
    .from(knowledgeItems)
    .where(visible(reader, gt(knowledgeItems.uses, 0)))
    .orderBy(desc(knowledgeItems.uses), asc(knowledgeItems.search))
    .limit(limit);
}

/** '#term' in the chat: title or text containing the term, titles starting with it first, then most used. */
export async function autocompleteItems(db: Db, reader: Reader, term: string, limit: number) {
  const normalized = normalizeSearchText(term);
  // A number is also an item id, when it can be one (int4): a longer one is only text.
  const asId = /^\d+$/.test(normalized) ? Number(normalized) : Number.NaN;
  const byId = asId <= INT4_MAX ? eq(knowledgeItems.id, asId) : undefined;
  return db
    .select()
    .from(knowledgeItems)
    .where(visible(reader, or(like(knowledgeItems.search, contains(normalized)), byId)))
    .orderBy(
      desc(sql`starts_with(${knowledgeItems.search}, ${normalized})`),
      desc(knowledgeItems.uses),
      asc(knowledgeItems.search),
    )
    .limit(limit);
}

export async function findVisibleItem(db: Db | Tx, reader: Reader, id: number) {
  const rows = await db
    .select()
    .from(knowledgeItems)
    .where(visible(reader, eq(knowledgeItems.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function tagsOfItems(db: Db | Tx, companyId: number, itemIds: number[]) {
  if (itemIds.length === 0) return new Map<number, { id: number; tag: string }[]>();
  const rows = await db
    .select({ itemId: knowledgeItemTags.itemId, id: knowledgeTags.id, tag: knowledgeTags.tag })
    .from(knowledgeItemTags)
    .innerJoin(
      knowledgeTags,
      and(
        eq(knowledgeTags.companyId, knowledgeItemTags.companyId),
        eq(knowledgeTags.id, knowledgeItemTags.tagId),
      ),
    )
    .where(ofCompany(knowledgeItemTags, companyId, inArray(knowledgeItemTags.itemId, itemIds)))
    .orderBy(asc(knowledgeTags.normalized));
  const out = new Map<number, { id: number; tag: string }[]>();
  for (const r of rows) {
    const list = out.get(r.itemId) ?? [];
    list.push({ id: r.id, tag: r.tag });
    out.set(r.itemId, list);
  }
  return out;
}

export async function insertItem(
  tx: Tx,
  values: { companyId: number; title: string; text: string; sectorId: number | null; createdBy: number },
) {
  const [row] = await tx
    .insert(knowledgeItems)
    .values({ ...values, search: searchColumnOf(values.title, values.text) })
    .returning();
  if (!row) throw new Error('knowledge insert returned nothing');
  return row;
}

export async function updateItem(
  tx: Tx,
  companyId: number,
  id: number,
  values: { title: string; text: string; sectorId: number | null },
) {
  const [row] = await tx
    .update(knowledgeItems)
    .set({ ...values, search: searchColumnOf(values.title, values.text), updatedAt: new Date() })
    .where(ofCompany(knowledgeItems, companyId, eq(knowledgeItems.id, id), isNull(knowledgeItems.deletedAt)))
    .returning();
  return row ?? null;
}

export async function softDeleteItem(db: Db, companyId: number, id: number) {
  const rows = await db
    .update(knowledgeItems)
    .set({ deletedAt: new Date() })
    .where(ofCompany(knowledgeItems, companyId, eq(knowledgeItems.id, id), isNull(knowledgeItems.deletedAt)))
    .returning({ id: knowledgeItems.id });
  return rows.length > 0;
}

export async function incrementUses(db: Db, reader: Reader, id: number) {
  const rows = await db
    .update(knowledgeItems)
    .set({ uses: sql`${knowledgeItems.uses} + 1` })
    .where(visible(reader, eq(knowledgeItems.id, id)))
    .returning({ uses: knowledgeItems.uses });
  return rows[0]?.uses ?? null;
}

/** The company's tags by name (each once, whatever its case or accents), creating the missing ones. */
export async function ensureTags(tx: Tx, companyId: number, names: string[]) {
  const wanted = new Map<string, string>();
  for (const name of names) {
    const normalized = normalizeSearchText(name);
    if (normalized && !wanted.has(normalized)) wanted.set(normalized, name.trim());
  }
  if (wanted.size === 0) return [];
  await tx
    .insert(knowledgeTags)
    .values([...wanted].map(([normalized, tag]) => ({ companyId, tag, normalized })))
    .onConflictDoNothing();
  return tx
    .select({ id: knowledgeTags.id, tag: knowledgeTags.tag })
    .from(knowledgeTags)
    .where(ofCompany(knowledgeTags, companyId, inArray(knowledgeTags.normalized, [...wanted.keys()])));
}

export async function setItemTags(tx: Tx, companyId: number, itemId: number, tagIds: number[]) {
  await tx
    .delete(knowledgeItemTags)
    .where(ofCompany(knowledgeItemTags, companyId, eq(knowledgeItemTags.itemId, itemId)));
  if (tagIds.length > 0) {
    await tx.insert(knowledgeItemTags).values(tagIds.map((tagId) => ({ companyId, itemId, tagId })));
  }
}

export async function listTags(db: Db, companyId: number, term: string, limit: number) {
  const normalized = normalizeSearchText(term);
  return db
    .select({ id: knowledgeTags.id, tag: knowledgeTags.tag })
    .from(knowledgeTags)
    .where(
      ofCompany(
        knowledgeTags,
        companyId,
        normalized ? like(knowledgeTags.normalized, contains(normalized)) : undefined,
      ),
    )
    .orderBy(asc(knowledgeTags.normalized))
    .limit(limit);
}

export async function deleteTag(db: Db, companyId: number, id: number) {
  const rows = await db
    .delete(knowledgeTags)
    .where(ofCompany(knowledgeTags, companyId, eq(knowledgeTags.id, id)))
    .returning({ id: knowledgeTags.id });
  return rows.length > 0;
}
