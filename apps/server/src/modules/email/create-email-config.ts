import { EMAIL_MSG, type TEmailConfigInput } from '@prosa/shared/email';
import type { Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { emailValues, isUniqueViolation } from './email-values';
import type { EmailDeps } from './email-view';
import { getEmailConfig } from './list-email-configs';
import { insertEmChannel } from './repository';

/** A config stored with its sealed passwords; the workers' readers start on its mailbox at their next scan. */
export async function createEmailConfig(deps: EmailDeps, caller: Caller, input: TEmailConfigInput) {
  const values = await emailValues(deps, caller.companyId, input);
  let id: number;
  try {
    id = await insertEmChannel(deps.db, values);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(EMAIL_MSG.mailboxTaken);
    throw err;
  }
  return getEmailConfig(deps, caller, id);
}
