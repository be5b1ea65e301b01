import type { ChannelFinder, InboundRequest } from '../../channels/port';
import { challenge, resolve, verify } from '../../channels/waent/inbound';
import { waentWebhookEvents } from '../../db/schema/waent';
import type { AppDeps } from '../../platform/deps';
import { stripNul } from '../../platform/refuse-nul';
import { processSoon } from './process-webhook';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'appSecret' | 'outbound' | 'channelRepository'>;

const finder = (deps: Pick<AppDeps, 'channelRepository'>): ChannelFinder => ({
  byId: (id) => deps.channelRepository.findById(id),
});

const request = (
  channelId: number,
  rawBody: Buffer = Buffer.alloc(0),
  signature?: string,
): InboundRequest => ({
  channelId,
  query: {},
  headers: signature === undefined ? {} : { 'x-hub-signature-256': signature },
  rawBody,
});

/** Meta's verification GET: the challenge back when the mode and token match, else null (403). */
export async function verifyWebhook(
  deps: Pick<AppDeps, 'channelRepository'>,
  channelId: number,
  q: { mode?: string; token?: string; challenge?: string },
): Promise<string | null> {
  const ch = await resolve(request(channelId), finder(deps));
  if (!ch) return null;
  return challenge(ch, { 'hub.mode': q.mode, 'hub.verify_token': q.token, 'hub.challenge': q.challenge });
}

/**
 * A webhook POST: the signature checked against the channel's app secret over the raw body, the event
 * committed, then processed after the answer. Answers false (401) when it cannot be trusted; nothing stored.
 */
export async function receiveWebhook(
  deps: Deps,
  input: { channelId: number; rawBody: Buffer; signature: string | undefined; log?: (err: unknown) => void },
): Promise<boolean> {
  const req = request(input.channelId, input.rawBody, input.signature);
  const ch = await resolve(req, finder(deps));
  if (!ch || !verify(ch, req)) return false;
  let payload: Record<string, unknown>;
  // A signed event is kept even with a NUL in it (PostgreSQL refuses it): refusing would make Meta retry it
  // and then drop the message, while a NUL carries nothing a person reads, so it is stripped, not refused.
  try {
    const parsed = stripNul(JSON.parse(input.rawBody.toString('utf8')));
    payload = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    payload = { invalid: input.rawBody.toString('utf8').replaceAll('\u0000', '').slice(0, 10_000) };
  }
  const [event] = await deps.db
    .insert(waentWebhookEvents)
    .values({ companyId: ch.companyId, channelId: ch.id, payload })
    .returning({ id: waentWebhookEvents.id });
  if (event) processSoon(deps, event.id, input.log);
  return true;
}
