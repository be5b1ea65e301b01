import { ONBOARDING_MSG } from '@prosa/shared/onboarding';
import { eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps, Caller } from '../../platform/deps';
import { trialFacts } from './repository';

type Deps = Pick<AppDeps, 'db'>;

/** GET /api/companies/:id/trial: the company's own trial end (metadata trial_until), null when it has none. */
export async function getCompanyTrial(deps: Deps, caller: Caller, companyId: number) {
  const id = await companyScope(deps.db, caller, companyId);
  const facts = await trialFacts(deps.db, id);
  return { trial_until: typeof facts?.trialUntil === 'string' ? facts.trialUntil : null };
}

/** PUT /api/companies/:id/trial: sets (or, with null, removes) the company's trial end, by the same access as its edit. */
export async function setCompanyTrial(
  deps: Deps,
  caller: Caller,
  companyId: number,
  input: { trial_until: string | null },
) {
  const id = await companyScope(deps.db, caller, companyId);
  const metadata =
    input.trial_until === null
      ? sql`${companies.metadata} - 'trial_until'`
      : sql`${companies.metadata} || jsonb_build_object('trial_until', ${input.trial_until}::text)`;
  await deps.db.update(companies).set({ metadata }).where(eq(companies.id, id));
  return { message: ONBOARDING_MSG.trialSaved, trial_until: input.trial_until };
}
