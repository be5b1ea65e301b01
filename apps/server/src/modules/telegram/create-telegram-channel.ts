import { randomBytes } from 'node:crypto';
import { TELEGRAM_MSG, type TTelegramChannelInput } from '@prosa/shared/telegram';
import { encryptSecret } from '../../platform/crypto';
import type { Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { findSector } from '../sectors/repository';
import { checkBot } from './check-bot';
import { getTelegramChannel } from './list-telegram-channels';
import { provisionChannel } from './provision-channel';
import { botTaken, dropTgChannel, insertTgChannel } from './repository';
import type { TelegramDeps } from './telegram-view';

export const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

/** Telegram's secret_token: 1–256 characters of A-Z, a-z, 0-9, _ and -. */
export const newWebhookSecret = () => randomBytes(32).toString('base64url');

/** A bot checked with getMe, stored with its sealed token, then pointed at us (webhook or polling). */
export async function createTelegramChannel(
  deps: TelegramDeps,
  caller: Caller,
  input: TTelegramChannelInput,
) {
  if (!(await findSector(deps.db, caller.companyId, input.default_sector_id)))
    throw badRequest(TELEGRAM_MSG.sectorInvalid);
  const bot = await checkBot(deps, input.token);
  if (await botTaken(deps.db, bot.id)) throw badRequest(TELEGRAM_MSG.tokenTaken);
  let id: number;
  try {
    id = await insertTgChannel(deps.db, {
      companyId: caller.companyId,
      name: input.name,
      defaultSectorId: input.default_sector_id,
      config: { type_id: 1, bot_id: bot.id, username: bot.username, mode: 'polling' },
      tokenSealed: encryptSecret(input.token, deps.appSecret),
      webhookSecretSealed: encryptSecret(newWebhookSecret(), deps.appSecret),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(TELEGRAM_MSG.tokenTaken);
    throw err;
  }
  try {
    await provisionChannel(deps, caller.companyId, id);
  } catch (err) {
    await dropTgChannel(deps.db, caller.companyId, id);
    await deps.channelRepository.forget(id);
    throw err;
  }
  return getTelegramChannel(deps, caller, id);
}
