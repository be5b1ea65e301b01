import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string };
export type Mailer = { send: (message: MailMessage) => Promise<void>; describe: string };

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to <dataDir>/outbox,
 * so development needs no mail server and nothing secret is shown on screen.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      describe: `SMTP ${new URL(opts.smtpUrl).host}`,
      send: async (m) => {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `arquivos em ${opts.outboxDir}`,
    send: async (m) => {
      const info = await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
      await mkdir(opts.outboxDir, { recursive: true });
      const safeTo = m.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
    },
  };
}
