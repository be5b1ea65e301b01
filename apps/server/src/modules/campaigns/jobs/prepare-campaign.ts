import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { prepareCampaign } from '../prepare-campaign';

/** campaigns.prepare: lists a pending campaign's recipients and hands it to the engine. */
export const prepareCampaignJob = defineJob({
  name: 'campaigns.prepare',
  payload: JOB_CATALOGUE['campaigns.prepare'],
  retryLimit: 3,
  retryDelaySeconds: 10,
  handler: async (payload, deps) => {
    await prepareCampaign(deps, payload);
  },
});
