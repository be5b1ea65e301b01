import { EMAIL_MSG } from '@prosa/shared/email';
import type { Caller } from '../../platform/deps';
import { type EmailDeps, emailRow } from './email-view';
import { softDeleteEmChannel } from './repository';

/** Removed: the readers let its mailbox go at their next scan; its attendances stay in the history. */
export async function deleteEmailConfig(deps: EmailDeps, caller: Caller, id: number) {
  await emailRow(deps, caller.companyId, id);
  await softDeleteEmChannel(deps.db, caller.companyId, id);
  await deps.channelRepository.forget(id);
  return { message: EMAIL_MSG.removed };
}
