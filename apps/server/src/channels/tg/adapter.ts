import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { type TTgConfig, ZTgConfig } from '@prosa/shared/telegram';
import { and, eq, sql } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import { readConnectionState, setConnectionState } from '../connection-state';
import type { ChannelAdapter, ChannelCtx, OpenChannel } from '../port';
import { CHANNELS_CHANNEL } from '../repository';
import { fetchMedia, parse, resolve, split, verify } from './inbound';
import { provisionBot, unprovisionBot } from './provision';
import { sendTelegram } from './send';

/** Turns a channel's polling on or off (the poller of every worker reads `active` at its next scan). */
async function setActive(ctx: ChannelCtx, ch: OpenChannel<TTgConfig>, active: boolean) {
  await ctx.db
    .update(channels)
    .set({ active, updatedAt: new Date() })
    .where(and(eq(channels.companyId, ch.companyId), eq(channels.id, ch.id)));
  if (!active) await setConnectionState(ctx.db, ch, 'disconnected');
  await ctx.db.execute(sql`select pg_notify(${CHANNELS_CHANNEL}, ${String(ch.id)})`);
}

/** Telegram bots (generic channel type 1): the route key is the bot's id, the token a sealed secret. */
export const tgAdapter: ChannelAdapter<TTgConfig> = {
  kind: 'tg',
  capabilities: capabilitiesOf('tg'),
  config: ZTgConfig,
  inbound: { resolve, verify, split, parse, fetchMedia },
  send: sendTelegram,
  connection: {
    start: (ctx, ch) => setActive(ctx, ch, true),
    stop: (ctx, ch) => setActive(ctx, ch, false),
    status: (ctx, ch) => readConnectionState(ctx.db, ch),
  },
  provision: { onCreate: provisionBot, onDelete: unprovisionBot },
};
