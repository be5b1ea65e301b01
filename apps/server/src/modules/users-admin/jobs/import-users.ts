import { z } from '@prosa/shared/zod';
import { defineJob } from '../../../jobs/define-job';
import { runUserImport } from '../run-user-import';

// CSV user import (spec 2 §4): creates the saved rows' users one by one.
export const importUsersJob = defineJob({
  name: 'users.import',
  payload: z.object({ companyId: z.number(), importId: z.number() }),
  retryLimit: 2,
  handler: async (payload, deps) => {
    await runUserImport(deps, payload);
  },
});
