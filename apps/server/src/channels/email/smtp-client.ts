import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { ChannelCtx } from '../port';
import { assertMailHost, MAIL_CONNECT_TIMEOUT_MS } from './options';

// One SMTP session (nodemailer's SMTPConnection, so the caller knows in which step a failure came: before the
// message went, nothing was accepted; during or after DATA, the server may have taken it).

export type SmtpSettings = { host: string; port: number; secure: boolean; user: string; password: string };

/** A failure before the message was handed over: connecting, greeting, TLS or login. */
export class SmtpSessionError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'SmtpSessionError';
  }
}

export type SmtpSession = {
  send(
    envelope: { from: string; to: string[] },
    raw: Buffer,
  ): Promise<{ accepted: string[]; rejected: string[] }>;
  close(): void;
};

/** Connects and logs in (no login when the config has no user: a relay). */
export async function openSmtp(ctx: Pick<ChannelCtx, 'outbound'>, s: SmtpSettings): Promise<SmtpSession> {
  await assertMailHost(ctx, s.host, s.port);
  const conn = new SMTPConnection({
    host: s.host,
    port: s.port,
    secure: s.secure,
    connectionTimeout: MAIL_CONNECT_TIMEOUT_MS,
    greetingTimeout: MAIL_CONNECT_TIMEOUT_MS,
    socketTimeout: 60_000,
    logger: false,
  });
  conn.on('error', () => {});
  try {
    await new Promise<void>((resolve, reject) => {
      conn.once('error', reject);
      conn.connect(() => {
        conn.removeListener('error', reject);
        resolve();
      });
    });
    if (s.user)
      await new Promise<void>((resolve, reject) =>
        conn.login({ user: s.user, pass: s.password }, (err) => (err ? reject(err) : resolve())),
      );
  } catch (err) {
    conn.close();
    throw new SmtpSessionError(err);
  }
  return {
    send: (envelope, raw) =>
      new Promise((resolve, reject) =>
        conn.send(envelope, raw, (err, info) =>
          err ? reject(err) : resolve({ accepted: info.accepted, rejected: info.rejected }),
        ),
      ),
    close: () => {
      try {
        conn.quit();
      } catch {
        conn.close();
      }
    },
  };
}
