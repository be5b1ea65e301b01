import { ROLE } from '@prosa/shared/roles';
import { and, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import { userCompanies } from '../../db/schema/admin';
import { companies } from '../../db/schema/companies';
import { hsmTemplateCompanies, hsmTemplates } from '../../db/schema/waent';
import type { Db, Tx } from '../../platform/db';
import type { Caller } from '../../platform/deps';

export type HsmRow = typeof hsmTemplates.$inferSelect;

// A template reaches a company when the company owns it or is listed for it ("all companies" is stored as
// the full list the author could choose, so a template never leaks to a company its author cannot manage).
const visibleTo = (companyId: number) =>
  or(
    eq(hsmTemplates.ownerCompanyId, companyId),
    exists(
      sql`(select 1 from ${hsmTemplateCompanies} where ${hsmTemplateCompanies.templateId} = ${hsmTemplates.id} and ${hsmTemplateCompanies.companyId} = ${companyId})`,
    ),
  );

export async function listVisibleTemplates(db: Db, companyId: number) {
  return db
    .select()
    .from(hsmTemplates)
    .where(and(isNull(hsmTemplates.deletedAt), visibleTo(companyId)))
    .orderBy(hsmTemplates.name, hsmTemplates.id);
}

export async function findVisibleTemplate(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(hsmTemplates)
    .where(and(eq(hsmTemplates.id, id), isNull(hsmTemplates.deletedAt), visibleTo(companyId)))
    .limit(1);
  return row ?? null;
}

export async function companiesOf(db: Db | Tx, templateIds: number[]) {
  const map = new Map<number, number[]>();
  if (templateIds.length === 0) return map;
  const rows = await db
    .select()
    .from(hsmTemplateCompanies)
    .where(inArray(hsmTemplateCompanies.templateId, templateIds));
  for (const r of rows) map.set(r.templateId, [...(map.get(r.templateId) ?? []), r.companyId]);
  return map;
}

export async function setTemplateCompanies(tx: Tx, templateId: number, companyIds: number[]) {
  await tx.delete(hsmTemplateCompanies).where(eq(hsmTemplateCompanies.templateId, templateId));
  if (companyIds.length > 0)
    await tx
      .insert(hsmTemplateCompanies)
      .values(companyIds.map((companyId) => ({ templateId, companyId })))
      .onConflictDoNothing();
}

/** The companies the caller may give a template to: managers their own; admins their list; lords all. */
export async function choosableCompanies(db: Db | Tx, caller: Caller): Promise<number[]> {
  if (caller.role < ROLE.admin) return [caller.companyId];
  if (caller.role >= ROLE.lord)
    return (await db.select({ id: companies.id }).from(companies)).map((r) => r.id);
  const listed = await db
    .select({ id: userCompanies.companyId })
    .from(userCompanies)
    .where(eq(userCompanies.userId, caller.userId));
  return [...new Set([caller.companyId, ...listed.map((r) => r.id)])];
}

export async function findSyncedTemplate(
  db: Db | Tx,
  key: { ownerCompanyId: number; wabaId: string; elementName: string; language: string },
) {
  const [row] = await db
    .select()
    .from(hsmTemplates)
    .where(
      and(
        eq(hsmTemplates.ownerCompanyId, key.ownerCompanyId),
        eq(hsmTemplates.wabaId, key.wabaId),
        eq(hsmTemplates.elementName, key.elementName),
        eq(hsmTemplates.language, key.language),
        isNull(hsmTemplates.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Names of the given companies, by name. */
export async function companyNames(db: Db | Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids))
    .orderBy(companies.name);
}
