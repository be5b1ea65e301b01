import { MONITOR_MSG, MONITOR_SERVER_SILENCE_MS, type TBreakdownOutput } from '@prosa/shared/channel-monitor';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { listBreakdownIds, listMonitorChannels, setBreakdown } from './repository';

/**
 * Marks (or clears) a WhatsApp-by-QR channel of the caller's company as "em pane" (spec 1 §8, §9
 * breakdown-activate): the Monitor stops sounding its alert while the mark stands. Another company's channel,
 * or one of another kind, is not found.
 */
export async function setChannelBreakdown(
  deps: { db: Db },
  caller: Caller,
  input: { channelId: number; active: boolean },
): Promise<TBreakdownOutput> {
  const [channel] = await listMonitorChannels(deps.db, {
    companyId: caller.companyId,
    channelId: input.channelId,
    silentMs: MONITOR_SERVER_SILENCE_MS,
  });
  if (!channel) throw notFound();
  await setBreakdown(deps.db, {
    companyId: caller.companyId,
    channelId: input.channelId,
    userId: caller.userId,
    active: input.active,
  });
  return {
    message: MONITOR_MSG.breakdownChanged,
    breakdown_ids: await listBreakdownIds(deps.db, caller.companyId),
  };
}
