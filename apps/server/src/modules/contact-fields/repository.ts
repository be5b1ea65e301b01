import type { TContactField } from '@prosa/shared/contact-fields';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { contactFieldDefinitions } from '../../db/schema/scheduling';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

const d = contactFieldDefinitions;
export type ContactFieldRow = typeof d.$inferSelect;
export type ContactFieldValues = Omit<typeof d.$inferInsert, 'companyId' | 'id' | 'createdAt'>;

export function toContactField(r: ContactFieldRow): TContactField {
  return {
    id: r.id,
    key: r.key,
    label: r.label,
    type: r.type,
    options: r.options,
    required: r.required,
    mask: r.mask,
    is_active: r.isActive,
    sector_id: r.sectorId,
    position: r.position,
    created_at: r.createdAt.toISOString(),
  };
}

/** Definitions in screen order; active only unless asked; for one sector: those of every sector and its own. */
export async function listDefinitions(
  db: Db | Tx,
  companyId: number,
  opts: { activeOnly: boolean; sectorId?: number },
) {
  return db
    .select()
    .from(d)
    .where(
      ofCompany(
        d,
        companyId,
        opts.activeOnly ? eq(d.isActive, true) : undefined,
        opts.sectorId !== undefined ? or(isNull(d.sectorId), eq(d.sectorId, opts.sectorId)) : undefined,
      ),
    )
    .orderBy(asc(d.position), asc(d.id));
}

export async function findDefinition(db: Db | Tx, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(d)
    .where(ofCompany(d, companyId, eq(d.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findDefinitionByKey(db: Db | Tx, companyId: number, key: string) {
  const rows = await db
    .select()
    .from(d)
    .where(ofCompany(d, companyId, eq(d.key, key)))
    .limit(1);
  return rows[0] ?? null;
}

export async function nextPosition(db: Db | Tx, companyId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${d.position}) + 1, 0)`.mapWith(Number) })
    .from(d)
    .where(eq(d.companyId, companyId));
  return row?.n ?? 0;
}

export async function insertDefinition(db: Db | Tx, companyId: number, values: ContactFieldValues) {
  const [row] = await db
    .insert(d)
    .values({ ...values, companyId })
    .returning();
  return row ?? null;
}

export async function updateDefinition(
  db: Db | Tx,
  companyId: number,
  id: number,
  values: Partial<ContactFieldValues>,
) {
  const [row] = await db
    .update(d)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(d.companyId, companyId), eq(d.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteDefinition(db: Db | Tx, companyId: number, id: number) {
  const rows = await db
    .delete(d)
    .where(and(eq(d.companyId, companyId), eq(d.id, id)))
    .returning({ id: d.id });
  return rows.length > 0;
}
