import { channelCtx } from '../../channels/port';
import { badRequest } from '../../platform/errors';
import type { OutboundDeps } from './send-outbound';

/**
 * Refuses a reply its channel could not send until a person acts (spec 1 §7: the channel can send a reply — a
 * number by QR stopped or waiting for its QR answers "Canal não está rodando"); nothing is stored then. Channels
 * without a readiness check, and a channel that is only reconnecting, take it.
 */
export async function assertChannelReady(
  deps: OutboundDeps,
  ref: { companyId: number; channelId: number },
): Promise<void> {
  const channel = await deps.channelRepository.find(ref.companyId, ref.channelId);
  const readiness = channel ? deps.channels.get(channel.kind)?.readiness : undefined;
  if (!channel || !readiness) return;
  const refusal = await readiness(channelCtx(deps), channel);
  if (refusal) throw badRequest(refusal);
}
