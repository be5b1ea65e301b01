import { maintainInboxPartitions } from '../channels/inbound/partitions';
import { sweepInbox } from '../channels/inbound/sweep';
import type { DurableConsumer } from '../facts/durable-consumer';
import { maintainFactPartitions } from '../facts/partitions';
import { purgeExpiredAuthJob } from '../modules/auth/jobs/purge-expired-auth';
import { runAutoChange } from '../modules/auto-change/run-auto-change';
import { automationConsumers } from '../modules/automation-consumer/consumer';
import { backgroundReportJobs, backgroundReportTasks } from '../modules/background-reports/worker';
import { backupJobs } from '../modules/backups/worker';
import { batchCloseJobs, batchCloseTasks } from '../modules/batch-close/worker';
import { billingJobs, billingTasks } from '../modules/billing/worker';
import { campaignJobs, campaignTasks } from '../modules/campaigns/worker';
import { sweepParkedHttp } from '../modules/chatbot/http-node';
import { distributionTriggerConsumer } from '../modules/distribution/distribution-trigger';
import { runAttendanceTimers } from '../modules/distribution/run-timers';
import { DISTRIBUTION_TASK, forEachActiveCompany, runDueCycles } from '../modules/distribution/schedule';
import { googleCalendarConsumers, googleCalendarJobs } from '../modules/google-calendar/worker';
import { exportHistoryJob } from '../modules/history/jobs/export-history';
import { deliverIntegrationJob, integrationConsumers } from '../modules/integrations/worker';
import { sendMailJob } from '../modules/mail/jobs/send-mail';
import { mailingJobs } from '../modules/mailing/worker';
import { announceScheduledNotifications } from '../modules/notifications/announce-scheduled';
import { optinConsumers } from '../modules/optin/worker';
import { outboundSendJob } from '../modules/outbound/jobs/outbound-send';
import { sweepOutbound } from '../modules/outbound/sweep-outbound';
import { enforcePauseLimits } from '../modules/pause/pause-user';
import { expireDuePolls } from '../modules/polls/expire-polls';
import { profilePictureJob } from '../modules/profile-pictures/jobs/refresh-profile-picture';
import { reportRollupConsumers, reportRollupJobs } from '../modules/report-rollups/worker';
import { returnSchedulesJob } from '../modules/scheduling/jobs/return-schedules';
import { returnDueSchedules } from '../modules/scheduling/return-due-schedules';
import { importUsersJob } from '../modules/users/jobs/import-users';
import type { Config } from '../platform/config';
import type { AppDeps } from '../platform/deps';
import type { ScheduledTask } from './scheduler';

// Every job the workers run (pg-boss); their recurring tasks, on jobs/scheduler.ts, are workerTasks below.
export const JOBS = [
  sendMailJob,
  purgeExpiredAuthJob,
  exportHistoryJob,
  importUsersJob,
  returnSchedulesJob,
  outboundSendJob,
  profilePictureJob,
  ...batchCloseJobs,
  ...campaignJobs,
  ...mailingJobs,
  ...reportRollupJobs,
  ...backgroundReportJobs,
  ...billingJobs,
  ...backupJobs,
  ...googleCalendarJobs,
  deliverIntegrationJob,
];

/**
 * The worker's recurring tasks (jobs/scheduler.ts), once per period across every worker node. Crons of an hour
 * or more that pg-boss schedules today stay there (JOBS, above).
 */
export function workerTasks(config: Config): ScheduledTask<AppDeps>[] {
  return [
    // Batch close queues and campaigns whose job was lost or whose runner died are queued again.
    ...batchCloseTasks(config),
    ...campaignTasks(config),
    ...backgroundReportTasks(config),
    // Each company's previous month invoiced once it has closed (idempotent).
    ...billingTasks(),
    // Companies are still claimed one by one by their next_cycle_at; requestDistribution wakes it at once.
    { name: DISTRIBUTION_TASK, everyMs: config.DISTRIBUTION_TICK_MS, run: (deps) => runDueCycles(deps) },
    {
      name: 'attendance.timers',
      everyMs: 2000,
      run: (deps) =>
        forEachActiveCompany(deps.db, 'temporizadores falharam', (companyId, now) =>
          runAttendanceTimers(deps, { companyId, now }),
        ),
    },
    // Attendance settings "auto change": idle attendances get the company's chosen status.
    {
      name: 'attendance.auto-change',
      everyMs: 30_000,
      run: (deps) =>
        forEachActiveCompany(deps.db, 'mudança automática falhou', (companyId, now) =>
          runAutoChange(deps, { companyId, now }),
        ),
    },
    {
      name: 'pause.limits',
      everyMs: 2000,
      run: (deps) =>
        forEachActiveCompany(deps.db, 'limite de pausa falhou', (companyId, now) =>
          enforcePauseLimits(deps, { companyId, now }),
        ),
    },
    // Returns whose exact-time job (scheduling.return-due) was lost or ran early.
    {
      name: 'schedules.return',
      everyMs: config.SCHEDULE_TICK_SECONDS * 1000,
      run: (deps) => returnDueSchedules(deps),
    },
    // Inbox events due again (a lease of a stopped node expired, a retry's wait is over): the processors are
    // woken at once; events whose last try died with its node are kept as dead.
    { name: 'inbox.sweep', everyMs: 5000, run: (deps) => sweepInbox(deps.db) },
    // Chatbot flows parked at an HTTP node whose call died with its node: they follow the node's error edge.
    { name: 'chatbot.http-sweep', everyMs: 10_000, run: async (deps) => void (await sweepParkedHttp(deps)) },
    {
      name: 'inbox.partitions',
      everyMs: 3_600_000,
      run: async (deps) => {
        const report = await maintainInboxPartitions(deps.db);
        if (report.errors.length > 0) throw new Error(report.errors.join('; '));
      },
    },
    // Satisfaction polls not answered in time (expires_at): expired, the expiration message sent.
    {
      name: 'polls.expire',
      everyMs: 30_000,
      run: async (deps) => {
        await expireDuePolls(deps);
      },
    },
    // Notifications whose start (or end) time has passed reach (or leave) their users' bells live.
    {
      name: 'notifications.schedule',
      everyMs: 10_000,
      run: async (deps) => {
        await announceScheduledNotifications(deps);
      },
    },
    // Outgoing messages whose runner stopped (Error), whose deadline passed (Error), or whose job was lost (queued).
    { name: 'outbound.sweep', everyMs: 10_000, run: (deps) => sweepOutbound(deps) },
    {
      name: 'facts.partitions',
      everyMs: 3_600_000,
      run: async (deps) => {
        const report = await maintainFactPartitions(deps.db, { retentionDays: config.FACTS_RETENTION_DAYS });
        if (report.errors.length > 0) throw new Error(report.errors.join('; '));
      },
    },
  ];
}

/**
 * The worker's durable fact consumers (facts/durable-consumer.ts): each reads every fact once across all
 * workers, whichever node wrote it, and moves its cursor with its own writes.
 */
export function workerConsumers(
  deps: AppDeps,
  log?: (msg: string, err?: unknown) => void,
): DurableConsumer[] {
  return [
    distributionTriggerConsumer(deps.db),
    ...automationConsumers(deps, log),
    ...optinConsumers(deps, log),
    ...reportRollupConsumers(deps, log),
    ...googleCalendarConsumers(deps, log),
    ...integrationConsumers(deps, log),
  ];
}
