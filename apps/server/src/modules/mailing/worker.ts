import type { JobDefinition } from '../../jobs/define-job';
import { processMailingJob } from './jobs/process-mailing';

// What the workers run for this module (jobs/registry.ts spreads these): pg-boss jobs and recurring tasks.

// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type
export const mailingJobs: JobDefinition<any>[] = [processMailingJob];
