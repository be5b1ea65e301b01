import { TELEGRAM_MSG, type TTgConfig } from '@prosa/shared/telegram';
import { channelCtx, type OpenChannel } from '../../channels/port';
import type { Caller } from '../../platform/deps';
import { softDeleteTgChannel } from './repository';
import { type TelegramDeps, telegramRow } from './telegram-view';

/** Removed: its webhook is deleted at Telegram, and the pollers drop it at their next scan. */
export async function deleteTelegramChannel(deps: TelegramDeps, caller: Caller, id: number) {
  await telegramRow(deps, caller.companyId, id);
  const ch = (await deps.channelRepository.find(caller.companyId, id)) as OpenChannel<TTgConfig> | null;
  await softDeleteTgChannel(deps.db, caller.companyId, id);
  await deps.channelRepository.forget(id);
  const onDelete = deps.channels.get('tg')?.provision?.onDelete;
  if (ch && onDelete) await onDelete(channelCtx(deps), ch).catch(() => {});
  return { message: TELEGRAM_MSG.removed };
}
