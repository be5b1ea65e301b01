import type { TTriageMode } from '@prosa/shared/triage';
import { and, eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import type { Db } from '../../platform/db';

/** The company's stored triage and whether automatic distribution is on (metadata auto_dist.on). */
export async function loadTriage(db: Db, companyId: number) {
  const [row] = await db
    .select({
      triage: sql<string | null>`${companies.metadata}->>'triage'`,
      autoDist: sql<boolean>`coalesce((${companies.metadata}->'auto_dist'->>'on') = 'true', false)`,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

/**
 * Writes only the triage key. A mode other than MANAGER is written only while distribution is off, checked in
 * the same statement, so a distribution turned on meanwhile cannot be overridden. False when nothing changed.
 */
export async function storeTriage(db: Db, companyId: number, triage: TTriageMode): Promise<boolean> {
  const distOff = sql`coalesce((${companies.metadata}->'auto_dist'->>'on') = 'true', false) = false`;
  const rows = await db
    .update(companies)
    .set({ metadata: sql`${companies.metadata} || jsonb_build_object('triage', ${triage}::text)` })
    .where(and(eq(companies.id, companyId), triage === 'MANAGER' ? undefined : distOff))
    .returning({ id: companies.id });
  return rows.length > 0;
}
