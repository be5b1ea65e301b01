import { z } from '@prosa/shared/zod';
import { defineJob } from '../../../jobs/define-job';
import type { AppDeps } from '../../../platform/deps';
import { sweepWebhookEvents } from '../process-webhook';

/**
 * Every minute: webhook events whose in-process run did not finish (node stopped, a status that arrived
 * before its message was recorded, a Graph API failure downloading media) are processed again.
 */
export const sweepWaentWebhooksJob = defineJob({
  name: 'waent-sweep-webhooks',
  payload: z.object({ companyId: z.null() }),
  cron: '* * * * *',
  retryLimit: 0,
  handler: async (_payload, deps) => {
    // The queue gets the app's whole deps (main.ts, test-app.ts); media storage and the secret are needed here.
    const full = deps as Partial<AppDeps> & typeof deps;
    if (!full.storage || full.appSecret === undefined || !full.channelRepository) return;
    await sweepWebhookEvents(full as AppDeps);
  },
});
