import {
  FEATURE_FLAG_MSG,
  FEATURE_FLAG_TYPES,
  FEATURE_FLAGS,
  featureFlagActive,
  type TFeatureFlagType,
} from '@prosa/shared/feature-flags';
import type { TFeatureFlag, TFeatureFlagList } from '@prosa/shared/feature-flags-schemas';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { loadAllow } from './repository';

export function presentFlag(type: TFeatureFlagType, companyId: number, active: boolean): TFeatureFlag {
  const def = FEATURE_FLAGS[type];
  return { type, company_id: companyId, active, label: def.label, description: def.description };
}

async function allowOf(deps: Pick<AppDeps, 'db'>, companyId: number) {
  const allow = await loadAllow(deps.db, companyId);
  if (!allow) throw notFound(FEATURE_FLAG_MSG.companyNotFound);
  return allow;
}

/** "Get current by type" (spec 2 §7, spec 3 §7): one flag of one company. */
export async function getFeatureFlag(
  deps: Pick<AppDeps, 'db'>,
  input: { companyId: number; type: TFeatureFlagType },
): Promise<TFeatureFlag> {
  const allow = await allowOf(deps, input.companyId);
  return presentFlag(input.type, input.companyId, featureFlagActive(input.type, allow));
}

/** The nine flags of one company, in the table's order. */
export async function listFeatureFlags(
  deps: Pick<AppDeps, 'db'>,
  input: { companyId: number },
): Promise<TFeatureFlagList> {
  const allow = await allowOf(deps, input.companyId);
  return {
    company_id: input.companyId,
    flags: FEATURE_FLAG_TYPES.map((t) => presentFlag(t, input.companyId, featureFlagActive(t, allow))),
  };
}
