import { TELEGRAM_MSG, type TTelegramChannelPatch, type TTgConfig, ZTgConfig } from '@prosa/shared/telegram';
import { channelCtx, type OpenChannel } from '../../channels/port';
import { encryptSecret } from '../../platform/crypto';
import type { Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { findSector } from '../sectors/repository';
import { checkBot } from './check-bot';
import { isUniqueViolation, newWebhookSecret } from './create-telegram-channel';
import { getTelegramChannel } from './list-telegram-channels';
import { provisionChannel } from './provision-channel';
import { botTaken, saveTgChannel } from './repository';
import { type TelegramDeps, telegramRow, tokenOf } from './telegram-view';

/** Name and sector change in place; a new token is checked (getMe) and its bot pointed at us again. */
export async function updateTelegramChannel(
  deps: TelegramDeps,
  caller: Caller,
  id: number,
  input: TTelegramChannelPatch,
) {
  const row = await telegramRow(deps, caller.companyId, id);
  const parsed = ZTgConfig.safeParse(row.config);
  // A config an older version wrote differently: rebuilt from the row (the route key is the bot's id).
  const config = parsed.success
    ? parsed.data
    : ZTgConfig.parse({ bot_id: row.routeKey, username: '', mode: 'polling' });
  if (
    input.default_sector_id !== undefined &&
    !(await findSector(deps.db, caller.companyId, input.default_sector_id))
  )
    throw badRequest(TELEGRAM_MSG.sectorInvalid);
  const newToken = input.token && input.token !== tokenOf(deps, row) ? input.token : null;
  const bot = newToken ? await checkBot(deps, newToken) : null;
  if (bot && (await botTaken(deps.db, bot.id, id))) throw badRequest(TELEGRAM_MSG.tokenTaken);
  const before = (await deps.channelRepository.find(caller.companyId, id)) as OpenChannel<TTgConfig> | null;
  try {
    await saveTgChannel(deps.db, id, {
      companyId: caller.companyId,
      name: input.name ?? row.name,
      defaultSectorId: input.default_sector_id ?? row.defaultSectorId,
      config: bot ? { ...config, bot_id: bot.id, username: bot.username } : config,
      tokenSealed: newToken ? encryptSecret(newToken, deps.appSecret) : (row.secretsSealed.token ?? ''),
      // A channel stored without a webhook secret (the demo's) gets one: it may be given a webhook now.
      webhookSecretSealed:
        row.secretsSealed.webhook_secret || encryptSecret(newWebhookSecret(), deps.appSecret),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(TELEGRAM_MSG.tokenTaken);
    throw err;
  }
  await deps.channelRepository.forget(id);
  if (bot) {
    try {
      await provisionChannel(deps, caller.companyId, id);
    } catch (err) {
      // The new bot could not be pointed at us: the channel keeps its old bot, as it was.
      await saveTgChannel(deps.db, id, {
        companyId: caller.companyId,
        name: row.name,
        defaultSectorId: row.defaultSectorId,
        config,
        tokenSealed: row.secretsSealed.token ?? '',
        webhookSecretSealed: row.secretsSealed.webhook_secret ?? '',
      });
      await deps.channelRepository.forget(id);
      throw err;
    }
    // The old bot stops calling this channel's webhook.
    const onDelete = deps.channels.get('tg')?.provision?.onDelete;
    if (before && onDelete && before.routeKey !== bot.id)
      await onDelete(channelCtx(deps), before).catch(() => {});
  }
  return getTelegramChannel(deps, caller, id);
}
