import { EMAIL_MSG, type TEmailConfigPatch } from '@prosa/shared/email';
import { checkMailServers } from '../../channels/email/check';
import type { Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { type EmailDeps, emailRow, fieldsOf, unseal } from './email-view';

/**
 * checkConfig (spec 2 §7): the form's values (a stored config's, for what the form leaves blank: its passwords)
 * tried against both servers, saying which failed and why.
 */
export async function checkEmailConfig(
  deps: EmailDeps,
  caller: Caller,
  input: TEmailConfigPatch & { id?: number },
) {
  const row = input.id ? await emailRow(deps, caller.companyId, input.id) : null;
  const base = row ? fieldsOf(row) : null;
  const v = { ...base, ...Object.fromEntries(Object.entries(input).filter(([, x]) => x !== undefined)) };
  const imapPassword = input.imap_password || (row ? unseal(deps, row.secretsSealed.imap_password) : '');
  const smtpPassword = input.smtp_password || (row ? unseal(deps, row.secretsSealed.smtp_password) : '');
  if (!v.imap_host || !v.imap_port || !v.imap_user || !v.smtp_host || !v.smtp_port)
    throw badRequest(EMAIL_MSG.hostRequired);
  if (!imapPassword) throw badRequest(EMAIL_MSG.passwordRequired);
  return checkMailServers(
    deps,
    {
      host: v.imap_host,
      port: v.imap_port,
      secure: v.imap_secure ?? false,
      user: v.imap_user,
      password: imapPassword,
      folder: v.imap_folder || 'INBOX',
    },
    {
      host: v.smtp_host,
      port: v.smtp_port,
      secure: v.smtp_secure ?? false,
      user: v.smtp_user ?? '',
      password: smtpPassword,
    },
  );
}
