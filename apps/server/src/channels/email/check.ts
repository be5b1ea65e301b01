import { EMAIL_MSG, type TEmailCheck } from '@prosa/shared/email';
import { ImapFlow } from 'imapflow';
import type { ChannelCtx } from '../port';
import { describeMailError } from './errors';
import { assertMailHost, imapOptions } from './options';
import { openSmtp, SmtpSessionError, type SmtpSettings } from './smtp-client';

// checkConfig (spec 2 §7, §8): logs in to IMAP and opens the folder, connects and logs in to SMTP, and says which
// failed and why.

export type ImapCheck = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  folder: string;
};

async function checkImap(ctx: Pick<ChannelCtx, 'outbound'>, c: ImapCheck): Promise<string | null> {
  const client = new ImapFlow(imapOptions(c, c.password));
  client.on('error', () => {});
  try {
    await assertMailHost(ctx, c.host, c.port);
    await client.connect();
    await client.mailboxOpen(c.folder, { readOnly: true });
    return null;
  } catch (err) {
    return describeMailError(err);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

async function checkSmtp(ctx: Pick<ChannelCtx, 'outbound'>, s: SmtpSettings): Promise<string | null> {
  try {
    const session = await openSmtp(ctx, s);
    session.close();
    return null;
  } catch (err) {
    return describeMailError(err instanceof SmtpSessionError ? err.cause : err);
  }
}

export async function checkMailServers(
  ctx: Pick<ChannelCtx, 'outbound'>,
  imap: ImapCheck,
  smtp: SmtpSettings,
): Promise<TEmailCheck> {
  const [imapError, smtpError] = await Promise.all([checkImap(ctx, imap), checkSmtp(ctx, smtp)]);
  const parts = [
    imapError ? `${EMAIL_MSG.imapFailed}: ${imapError}` : null,
    smtpError ? `${EMAIL_MSG.smtpFailed}: ${smtpError}` : null,
  ].filter(Boolean);
  return {
    ok: !imapError && !smtpError,
    imap: { ok: !imapError, error: imapError },
    smtp: { ok: !smtpError, error: smtpError },
    message: parts.length ? parts.join(' ') : EMAIL_MSG.checkOk,
  };
}
