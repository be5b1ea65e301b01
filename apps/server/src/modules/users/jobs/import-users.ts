import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { runUserImport } from '../run-user-import';

// CSV user import (spec 2 §4): creates the saved rows' users one by one.
export const importUsersJob = defineJob({
  name: 'users.import',
  payload: JOB_CATALOGUE['users.import'],
  retryLimit: 2,
  handler: async (payload, deps) => {
    await runUserImport(deps, payload);
  },
});
