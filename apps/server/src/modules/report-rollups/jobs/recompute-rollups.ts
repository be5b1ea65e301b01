import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { recomputeRollups } from '../recompute';

/** `reports.recompute`: the rollups of a company recomputed exactly for [from, to). */
export const recomputeRollupsJob = defineJob({
  name: 'reports.recompute',
  payload: JOB_CATALOGUE['reports.recompute'],
  retryLimit: 3,
  retryDelaySeconds: 30,
  handler: async (payload, deps) => {
    await recomputeRollups(deps.db, {
      companyId: payload.companyId,
      from: new Date(payload.from),
      to: new Date(payload.to),
    });
  },
});
