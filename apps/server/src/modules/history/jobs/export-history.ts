import { z } from '@prosa/shared/zod';
import { defineJob } from '../../../jobs/define-job';
import { runHistoryExport } from '../export-history';

export const exportHistoryJob = defineJob({
  name: 'history.export',
  payload: z.object({
    companyId: z.number(),
    exportId: z.string().uuid(),
    userId: z.number(),
    role: z.number(),
  }),
  retryLimit: 2,
  handler: async (payload, deps) => {
    await runHistoryExport(deps, { ...payload, companyId: payload.companyId });
  },
});
