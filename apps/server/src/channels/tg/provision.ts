import type { TTgConfig } from '@prosa/shared/telegram';
import type { ChannelCtx, OpenChannel } from '../port';
import { type BotApi, botCall } from './bot-api';

// Where a bot's updates go: Telegram calls only https webhooks, so with a public https address (PUBLIC_URL) the
// bot gets setWebhook with a random secret_token (kept sealed in the channel's secrets); without one its webhook
// is removed and the workers poll getUpdates.

export const tgWebhookPath = (channelId: number) => `/api/webhooks/tg/${channelId}`;

/** Updates we read: new messages (edits, reactions and the rest are not shown). */
export const TG_ALLOWED_UPDATES = ['message'];

const apiOf = (ctx: ChannelCtx, ch: OpenChannel<TTgConfig>): BotApi => ({
  base: ctx.telegramApiUrl,
  token: ch.secrets.token ?? '',
  outbound: ctx.outbound,
});

/** The webhook address of a channel, when the product is reachable over https. */
export function webhookUrlOf(publicUrl: string | null, channelId: number): string | null {
  if (!publicUrl?.startsWith('https://')) return null;
  return `${publicUrl.replace(/\/+$/, '')}${tgWebhookPath(channelId)}`;
}

export async function provisionBot(ctx: ChannelCtx, ch: OpenChannel<TTgConfig>): Promise<Partial<TTgConfig>> {
  const api = apiOf(ctx, ch);
  const url = webhookUrlOf(ctx.publicUrl, ch.id);
  const secret = ch.secrets.webhook_secret ?? '';
  if (url && secret) {
    await botCall(api, 'setWebhook', { url, secret_token: secret, allowed_updates: TG_ALLOWED_UPDATES });
    return { mode: 'webhook' };
  }
  // Keeps the updates waiting: the poller takes them.
  await botCall(api, 'deleteWebhook', { drop_pending_updates: false });
  return { mode: 'polling' };
}

/** A removed channel's bot stops calling us (a failure is only logged: the channel is gone anyway). */
export async function unprovisionBot(ctx: ChannelCtx, ch: OpenChannel<TTgConfig>): Promise<void> {
  if (ch.config.mode !== 'webhook') return;
  await botCall(apiOf(ctx, ch), 'deleteWebhook', {}).catch((err: unknown) =>
    ctx.log(`telegram: deleteWebhook do canal ${ch.id} falhou`, err),
  );
}
