import { and, eq, isNull } from 'drizzle-orm';
import { polls } from '../../db/schema/automation';
import type { Db, Tx } from '../../platform/db';

/**
 * The companies whose polls (not deleted) use a template (spec 2 §5: use in poll cannot be turned off, nor a
 * company removed, nor the template deleted, while a poll uses it).
 */
export async function pollLinkedCompanies(db: Db | Tx, templateId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ companyId: polls.companyId })
    .from(polls)
    .where(and(eq(polls.hsmId, templateId), isNull(polls.deletedAt)));
  return rows.map((r) => r.companyId);
}
