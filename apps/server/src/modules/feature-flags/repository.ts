import { eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import type { Db, Tx } from '../../platform/db';

/** The company's stored `allow` object ({} when it has none), or null when the company does not exist. */
export async function loadAllow(db: Db | Tx, companyId: number): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ allow: sql<Record<string, unknown> | null>`${companies.metadata}->'allow'` })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) return null;
  return row.allow && typeof row.allow === 'object' && !Array.isArray(row.allow) ? row.allow : {};
}

/**
 * Inverts one allow key in place (one statement, so two toggles at once each see the other's result); a key
 * never set (or not a boolean) counts as `fallback`. Answers the new value, or null when there is no company.
 */
export async function toggleAllowKey(
  tx: Tx,
  companyId: number,
  key: string,
  fallback: boolean,
): Promise<boolean | null> {
  const rows = await tx.execute<{ active: boolean }>(sql`
    update companies set metadata = jsonb_set(
      case when jsonb_typeof(metadata) = 'object' then metadata else '{}'::jsonb end,
      '{allow}',
      (case when jsonb_typeof(metadata->'allow') = 'object' then metadata->'allow' else '{}'::jsonb end)
        || jsonb_build_object(${key}::text, not (
          case when jsonb_typeof(metadata->'allow'->${key}::text) = 'boolean'
            then (metadata->'allow'->>${key}::text)::boolean else ${fallback}::boolean end)))
    where id = ${companyId}
    returning (metadata->'allow'->>${key}::text)::boolean as active`);
  const row = rows.rows[0];
  return row ? row.active : null;
}
