import { EMAIL_MSG, type TEmailConfigPatch } from '@prosa/shared/email';
import type { Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { emailValues, isUniqueViolation } from './email-values';
import { type EmailDeps, emailRow, fieldsOf, unseal } from './email-view';
import { getEmailConfig } from './list-email-configs';
import { saveEmChannel } from './repository';

/** A change: absent fields and blank passwords are kept; the mailbox's reading restarts with the new settings. */
export async function updateEmailConfig(
  deps: EmailDeps,
  caller: Caller,
  id: number,
  patch: TEmailConfigPatch,
) {
  const row = await emailRow(deps, caller.companyId, id);
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const merged = {
    ...fieldsOf(row),
    ...defined,
    imap_password: patch.imap_password || unseal(deps, row.secretsSealed.imap_password),
    smtp_password: patch.smtp_password || unseal(deps, row.secretsSealed.smtp_password),
  };
  const values = await emailValues(deps, caller.companyId, merged, id);
  try {
    await saveEmChannel(deps.db, id, values);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(EMAIL_MSG.mailboxTaken);
    throw err;
  }
  await deps.channelRepository.forget(id);
  return getEmailConfig(deps, caller, id);
}
