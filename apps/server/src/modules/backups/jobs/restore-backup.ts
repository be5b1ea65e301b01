import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { restoreBackup } from '../restore-backup';

// One transaction: a failed restore leaves no half company, and a retry starts over.
export const restoreBackupJob = defineJob({
  name: 'backups.restore',
  payload: JOB_CATALOGUE['backups.restore'],
  retryLimit: 1,
  handler: async (payload, deps) => {
    await restoreBackup(deps, payload);
  },
});
