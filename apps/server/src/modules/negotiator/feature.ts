import { NEGOTIATOR_FLAG } from '@prosa/shared/negotiator';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import type { Db, Tx } from '../../platform/db';

/**
 * The auto-negotiator is a company feature (allow.negotiator, settings tab 4 "Negociador"): while it is off the
 * menu entry is gone, the administration answers 403, the command processor does not engage and the hotsite
 * answers "Negociador não encontrado.".
 */
export async function negotiatorEnabled(db: Db | Tx, companyId: number): Promise<boolean> {
  const [company] = await db
    .select({ metadata: companies.metadata })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const allow = (company?.metadata as { allow?: Record<string, unknown> } | undefined)?.allow;
  return allow?.[NEGOTIATOR_FLAG] === true;
}
