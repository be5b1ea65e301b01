import type { JobDefinition } from '../../jobs/define-job';
import type { ScheduledTask } from '../../jobs/scheduler';
import type { Config } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { prepareCampaignJob } from './jobs/prepare-campaign';
import { requeuePendingCampaigns } from './requeue-pending';

// What the workers run for this module (jobs/registry.ts spreads these): pg-boss jobs and recurring tasks.

// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type
export const campaignJobs: JobDefinition<any>[] = [prepareCampaignJob];

export function campaignTasks(_config: Config): ScheduledTask<AppDeps>[] {
  // A campaign left pending (its prepare job lost, or kept out by the singleton while another ran) is queued again.
  return [
    { name: 'campaigns.requeue-pending', everyMs: 60_000, run: (deps) => requeuePendingCampaigns(deps) },
  ];
}
