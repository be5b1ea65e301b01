import { TELEGRAM_MSG, type TTgConfig } from '@prosa/shared/telegram';
import { channelCtx, type OpenChannel } from '../../channels/port';
import { badRequest } from '../../platform/errors';
import { setTgMode } from './repository';
import type { TelegramDeps } from './telegram-view';

/**
 * Points the bot's updates at us (the adapter's provision.onCreate: a webhook with a public https address, else
 * polling) and records the mode; Telegram unreachable → the spec's "Erro ao criar canal…".
 */
export async function provisionChannel(deps: TelegramDeps, companyId: number, id: number): Promise<void> {
  await deps.channelRepository.forget(id);
  const ch = (await deps.channelRepository.find(companyId, id)) as OpenChannel<TTgConfig> | null;
  const onCreate = deps.channels.get('tg')?.provision?.onCreate;
  if (!ch || !onCreate) throw badRequest(TELEGRAM_MSG.createFailed);
  let mode: TTgConfig['mode'];
  try {
    const set = (await onCreate(channelCtx(deps), ch)) as Partial<TTgConfig>;
    mode = set.mode ?? 'polling';
  } catch {
    throw badRequest(TELEGRAM_MSG.createFailed);
  }
  await setTgMode(deps.db, companyId, id, mode);
  await deps.channelRepository.forget(id);
}
