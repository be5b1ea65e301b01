import type { TEmConfig } from '@prosa/shared/email';
import type { ImapFlowOptions } from 'imapflow';
import type { ChannelCtx, OpenChannel } from '../port';

// Where an e-mail channel connects: its IMAP and SMTP servers (user-given hosts go through the outbound guard's
// rules, as a URL would: public addresses only, unless OUTBOUND_ALLOWED_HOSTS lists them).

export type EmChannel = OpenChannel<TEmConfig>;

/** How long a connection may take before it counts as failed. */
export const MAIL_CONNECT_TIMEOUT_MS = 15_000;

/** Refuses a host the server may not call for a user (a private address), with the guard's message. */
export async function assertMailHost(ctx: Pick<ChannelCtx, 'outbound'>, host: string, port: number) {
  await ctx.outbound.assertUrl(`http://${host}:${port}/`, { allowHttp: true });
}

export function imapOptions(
  c: Pick<TEmConfig['imap'], 'host' | 'port' | 'secure' | 'user'>,
  password: string,
): ImapFlowOptions {
  return {
    host: c.host,
    port: c.port,
    secure: c.secure,
    auth: { user: c.user, pass: password },
    logger: false,
    connectionTimeout: MAIL_CONNECT_TIMEOUT_MS,
    greetingTimeout: MAIL_CONNECT_TIMEOUT_MS,
  };
}

/** The domain of the sender's address, for the Message-IDs we create. */
export const senderDomain = (address: string) => address.split('@')[1] ?? 'prosa.local';
