import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { writeBackup } from '../write-backup';

// Failures end the backup as failed inside the handler; a second delivery finds it no longer waiting.
export const runBackupJob = defineJob({
  name: 'backups.run',
  payload: JOB_CATALOGUE['backups.run'],
  retryLimit: 0,
  handler: async (payload, deps) => {
    await writeBackup(deps, payload);
  },
});
