// Feature flags by type (issue 24): the API's zod contracts. The table itself (zod-free) is ./feature-flags.ts.
import { FEATURE_FLAG_MSG, FEATURE_FLAG_TYPES } from './feature-flags';
import { zId, zIdParam } from './ids';
import { z } from './zod';

/** Path param `:type`: one of the nine, else a Portuguese 400. */
export const ZFeatureFlagTypeParam = z.object({
  type: z.enum(FEATURE_FLAG_TYPES, { error: FEATURE_FLAG_MSG.unknownType }),
});

export const ZFeatureFlagQuery = z.object({ company_id: zIdParam(FEATURE_FLAG_MSG.companyInvalid) });
export const ZFeatureFlagToggleInput = z.object({ company_id: zId(FEATURE_FLAG_MSG.companyInvalid) });

export const ZFeatureFlag = z.object({
  type: z.enum(FEATURE_FLAG_TYPES),
  company_id: z.number(),
  active: z.boolean(),
  label: z.string(),
  description: z.string(),
});
export type TFeatureFlag = z.infer<typeof ZFeatureFlag>;

export const ZFeatureFlagList = z.object({ company_id: z.number(), flags: z.array(ZFeatureFlag) });
export type TFeatureFlagList = z.infer<typeof ZFeatureFlagList>;

export const ZFeatureFlagToggled = ZFeatureFlag.extend({ message: z.string() });
