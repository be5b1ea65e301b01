import { featureFlagActive, type TFeatureFlagType } from '@prosa/shared/feature-flags';
import type { Db, Tx } from '../../platform/db';
import { loadAllow } from './repository';

/** Whether a feature flag is on for a company (the gated paths ask this); a missing company counts as defaults. */
export async function featureFlagOn(
  db: Db | Tx,
  companyId: number,
  type: TFeatureFlagType,
): Promise<boolean> {
  return featureFlagActive(type, await loadAllow(db, companyId));
}
