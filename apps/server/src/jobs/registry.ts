import { purgeExpiredAuthJob } from '../modules/auth/jobs/purge-expired-auth';
import { exportHistoryJob } from '../modules/history/jobs/export-history';
import { sendMailJob } from '../modules/mail/jobs/send-mail';
import { returnSchedulesJob } from '../modules/scheduling/jobs/return-schedules';
import { importUsersJob } from '../modules/users/jobs/import-users';
import { sweepWaentWebhooksJob } from '../modules/waent/jobs/sweep-webhooks';

// Every job the workers run.
export const JOBS = [
  sendMailJob,
  purgeExpiredAuthJob,
  exportHistoryJob,
  importUsersJob,
  returnSchedulesJob,
  sweepWaentWebhooksJob,
];
