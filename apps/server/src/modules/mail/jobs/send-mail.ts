import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';

// Every e-mail leaves through this job, so a crash or an SMTP outage retries instead of losing it.
export const sendMailJob = defineJob({
  name: 'mail.send',
  payload: JOB_CATALOGUE['mail.send'],
  retryLimit: 5,
  retryDelaySeconds: 15,
  handler: async (payload, deps) => {
    await deps.mailer.send({ to: payload.to, subject: payload.subject, text: payload.text });
  },
});
