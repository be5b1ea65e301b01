import { TELEGRAM_MSG } from '@prosa/shared/telegram';
import { type BotUser, getMe, TelegramError } from '../../channels/tg/bot-api';
import { badRequest } from '../../platform/errors';
import type { TelegramDeps } from './telegram-view';

/** The bot a token belongs to (getMe): a token Telegram refuses is a clear 400, an unreachable Telegram too. */
export async function checkBot(deps: TelegramDeps, token: string): Promise<{ id: string; username: string }> {
  let me: BotUser;
  try {
    me = await getMe({ base: deps.config.TELEGRAM_API_URL, token, outbound: deps.outbound });
  } catch (err) {
    if (err instanceof TelegramError && err.unauthorized) throw badRequest(TELEGRAM_MSG.tokenInvalid);
    throw badRequest(TELEGRAM_MSG.createFailed);
  }
  if (typeof me.id !== 'number' || !Number.isSafeInteger(me.id)) throw badRequest(TELEGRAM_MSG.createFailed);
  return { id: String(me.id), username: typeof me.username === 'string' ? me.username : '' };
}
