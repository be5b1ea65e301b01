import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { type TEmConfig, ZEmConfig } from '@prosa/shared/email';
import { and, eq, sql } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import { readConnectionState, setConnectionState } from '../connection-state';
import type { ChannelAdapter, ChannelCtx, OpenChannel } from '../port';
import { CHANNELS_CHANNEL } from '../repository';
import { parse, resolve, split, verify } from './inbound';
import { sendEmail } from './send';

/** Turns a mailbox's reading on or off (the readers of every worker see `active` at their next scan). */
async function setActive(ctx: ChannelCtx, ch: OpenChannel<TEmConfig>, active: boolean) {
  await ctx.db
    .update(channels)
    .set({ active, updatedAt: new Date() })
    .where(and(eq(channels.companyId, ch.companyId), eq(channels.id, ch.id)));
  if (!active) await setConnectionState(ctx.db, ch, 'disconnected');
  await ctx.db.execute(sql`select pg_notify(${CHANNELS_CHANNEL}, ${String(ch.id)})`);
}

/**
 * E-mail configs (spec 2 §3): IMAP in (reader.ts on the workers, into the inbox), SMTP out. The route key is the
 * mailbox read; the IMAP and SMTP passwords are sealed secrets.
 */
export const emAdapter: ChannelAdapter<TEmConfig> = {
  kind: 'em',
  capabilities: capabilitiesOf('em'),
  config: ZEmConfig,
  inbound: { resolve, verify, split, parse },
  send: sendEmail,
  connection: {
    start: (ctx, ch) => setActive(ctx, ch, true),
    stop: (ctx, ch) => setActive(ctx, ch, false),
    status: (ctx, ch) => readConnectionState(ctx.db, ch),
  },
};
