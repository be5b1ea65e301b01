import { z } from '@prosa/shared/zod';
import type PgBoss from 'pg-boss';

/**
 * Every job the workers run, by name, with the payload it takes (plan 0005 §7). A module starts a job with
 * sendJob(queue, name, payload) and never imports the job's file; the job files bind handlers to these names.
 * Each payload carries companyId (null: every company).
 */
export const JOB_CATALOGUE = {
  'mail.send': z.object({
    companyId: z.number().nullable(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
  }),
  'auth.purge-expired': z.object({ companyId: z.number().nullable() }),
  'history.export': z.object({
    companyId: z.number(),
    exportId: z.string().uuid(),
    userId: z.number(),
    role: z.number(),
  }),
  'users.import': z.object({ companyId: z.number(), importId: z.number() }),
  'scheduling.return-due': z.object({
    companyId: z.number().nullable(),
    scheduleId: z.number().int().optional(),
  }),
  // One step of an outgoing message's sending (modules/outbound); its job id names the message and the step.
  'outbound.send': z.object({ companyId: z.number().int(), messageId: z.number().int() }),
  // A WhatsApp contact's profile picture asked through its number's session (modules/profile-pictures).
  'contacts.profile-picture': z.object({ companyId: z.number().int(), contactId: z.number().int() }),
  // Issue 18: a mailing's file imported into its rows (modules/mailing); a campaign's recipients listed from its
  // mailing or the channel's subscribers (modules/campaigns); a batch close queue run (modules/batch-close).
  'mailing.process': z.object({ companyId: z.number().int(), mailingId: z.number().int() }),
  'campaigns.prepare': z.object({ companyId: z.number().int(), campaignId: z.number().int() }),
  'batch-close.run': z.object({ companyId: z.number().int(), queueId: z.number().int() }),
  // Issue 19: the report rollups of a company recomputed for [from, to) (ISO instants; modules/report-rollups).
  'reports.recompute': z.object({
    companyId: z.number().int(),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
  }),
  // Issue 19: one background report generated into a CSV (modules/background-reports).
  'reports.background': z.object({ companyId: z.number().int(), reportId: z.string().uuid() }),
  // Issue 21: a month's invoices issued from the contracts (companyId null: every company with a contract;
  // modules/billing); a history backup written into storage and a backup restored into a new company
  // (modules/backups).
  'billing.issue-invoices': z.object({
    companyId: z.number().int().nullable(),
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  }),
  'backups.run': z.object({ companyId: z.number().int(), backupId: z.number().int() }),
  'backups.restore': z.object({
    companyId: z.number().int(),
    backupId: z.number().int(),
    userId: z.number().int(),
  }),
  // Issue 22: one event delivered to an integration (RD Station) with retries (modules/integrations); a scheduled
  // return's event created, moved or removed in its operator's Google Calendar (modules/google-calendar).
  'integrations.deliver': z.object({ companyId: z.number().int(), deliveryId: z.number().int() }),
  'calendar.sync-schedule': z.object({ companyId: z.number().int(), scheduleId: z.number().int() }),
} satisfies Record<string, z.ZodType<{ companyId: number | null }>>;

export type TJobName = keyof typeof JOB_CATALOGUE;
export type TJobPayload<N extends TJobName> = z.input<(typeof JOB_CATALOGUE)[N]>;
/** The payload a job's handler receives (parsed by the catalogue's schema). */
export type TJobData<N extends TJobName> = z.output<(typeof JOB_CATALOGUE)[N]>;

/** pg-boss send options a caller may set: a fixed id (same id, same job), a singleton key, a start time. */
export type TJobSendOptions = Pick<PgBoss.SendOptions, 'id' | 'singletonKey' | 'startAfter'>;

/** A job name outside the catalogue or a payload that does not match its schema: a bug in the caller. */
export class JobPayloadError extends Error {
  constructor(
    readonly job: string,
    detail: string,
  ) {
    super(`job ${job}: ${detail}`);
    this.name = 'JobPayloadError';
  }
}

/**
 * Queues a job by name; nothing is queued unless the payload matches the catalogue (unknown keys are dropped,
 * as the handler's parse would). Answers the job id, or null when pg-boss kept an existing one (singleton).
 */
export async function sendJob<N extends TJobName>(
  queue: { boss: Pick<PgBoss, 'send'> },
  name: N,
  payload: TJobPayload<N>,
  options: TJobSendOptions = {},
): Promise<string | null> {
  if (!Object.hasOwn(JOB_CATALOGUE, name))
    throw new JobPayloadError(String(name), 'not in the job catalogue');
  const schema: z.ZodType<object> = JOB_CATALOGUE[name];
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (i) => `${i.path.map(String).join('.') || '(payload)'}: ${i.message}`,
    );
    throw new JobPayloadError(name, `invalid payload (${issues.join('; ')})`);
  }
  return queue.boss.send(name, parsed.data, options);
}
