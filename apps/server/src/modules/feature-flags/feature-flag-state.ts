import { FEATURE_FLAG_MSG, featureFlagActive, type TFeatureFlagType } from '@prosa/shared/feature-flags';
import type { Db, Tx } from '../../platform/db';
import { forbidden } from '../../platform/errors';
import { loadAllow } from './repository';

/** Whether a feature flag is on for a company (the gated paths ask this); a missing company counts as defaults. */
export async function featureFlagOn(
  db: Db | Tx,
  companyId: number,
  type: TFeatureFlagType,
): Promise<boolean> {
  return featureFlagActive(type, await loadAllow(db, companyId));
}

/** A route of a gated resource (dist_v2: the distribution settings): 403 'Não foi possível acessar este recurso.'. */
export async function requireFeatureFlag(
  db: Db | Tx,
  companyId: number,
  type: TFeatureFlagType,
): Promise<void> {
  if (!(await featureFlagOn(db, companyId, type))) throw forbidden(FEATURE_FLAG_MSG.distDisabled);
}
