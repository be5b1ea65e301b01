import { sendJob } from '../../jobs/catalogue';
import type { AppDeps } from '../../platform/deps';

export async function enqueueMail(
  deps: Pick<AppDeps, 'queue' | 'mailer'>,
  mail: { companyId: number; to: string; subject: string; text: string },
) {
  if (deps.queue) {
    await sendJob(deps.queue, 'mail.send', mail);
    return;
  }
  await deps.mailer.send(mail);
}
