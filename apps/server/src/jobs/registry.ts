import { purgeExpiredAuthJob } from '../modules/auth/jobs/purge-expired-auth';
import { exportHistoryJob } from '../modules/history/jobs/export-history';
import { sendMailJob } from '../modules/mail/jobs/send-mail';

// Every job the workers run.
export const JOBS = [sendMailJob, purgeExpiredAuthJob, exportHistoryJob];
