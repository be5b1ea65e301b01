import { FEATURE_FLAG_MSG, FEATURE_FLAGS, type TFeatureFlagType } from '@prosa/shared/feature-flags';
import { noticeCompanyUpdated } from '../../facts/notices';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { presentFlag } from './get-feature-flags';
import { toggleAllowKey } from './repository';

/**
 * "Toggle by type" (spec 3 §7): inverts the flag in the company metadata `allow` object. The change's fact
 * (company.updated of `allow`, with the platform owner as actor) is written in the same transaction: it is the
 * audit trail, and every node's sockets of the company refetch their company features from it.
 */
export async function toggleFeatureFlag(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { companyId: number; type: TFeatureFlagType },
) {
  const def = FEATURE_FLAGS[input.type];
  const active = await deps.db.transaction(async (tx) => {
    const next = await toggleAllowKey(tx, input.companyId, def.key, def.default);
    if (next === null) throw notFound(FEATURE_FLAG_MSG.companyNotFound);
    await noticeCompanyUpdated(tx, input.companyId, ['allow'], caller.userId);
    return next;
  });
  return {
    ...presentFlag(input.type, input.companyId, active),
    message: FEATURE_FLAG_MSG.toggled(def.label, active),
  };
}
