import type { AppDeps } from '../../platform/deps';
import { sendMailJob } from './jobs/send-mail';

export async function enqueueMail(
  deps: Pick<AppDeps, 'queue' | 'mailer'>,
  mail: { companyId: number; to: string; subject: string; text: string },
) {
  if (deps.queue) {
    await deps.queue.send(sendMailJob, mail);
    return;
  }
  await deps.mailer.send(mail);
}
