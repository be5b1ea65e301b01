import type { JobDefinition } from '../../jobs/define-job';
import { restoreBackupJob } from './jobs/restore-backup';
import { runBackupJob } from './jobs/run-backup';

// What the workers run for history backups (jobs/registry.ts spreads these).
// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type
export const backupJobs: JobDefinition<any>[] = [runBackupJob, restoreBackupJob];
