import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { purgeExpiredAuth } from '../purge-expired-auth';

// Hourly clean-up of expired sessions, MFA codes and one-time links (companyId null: all companies).
export const purgeExpiredAuthJob = defineJob({
  name: 'auth.purge-expired',
  payload: JOB_CATALOGUE['auth.purge-expired'],
  cron: '17 * * * *',
  handler: async (payload, deps) => {
    await purgeExpiredAuth({ db: deps.db, companyId: payload.companyId, now: new Date() });
  },
});
