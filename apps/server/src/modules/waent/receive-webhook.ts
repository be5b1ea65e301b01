import { createHmac, timingSafeEqual } from 'node:crypto';
import { waentWebhookEvents } from '../../db/schema/waent';
import type { AppDeps } from '../../platform/deps';
import { stripNul } from '../../platform/refuse-nul';
import { processSoon } from './process-webhook';
import { findChannelById, openChannel } from './repository';

type Deps = Pick<AppDeps, 'db' | 'events' | 'storage' | 'appSecret' | 'outbound'>;

/** X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of the raw body with the app secret. */
export function validSignature(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(rawBody).digest('hex'));
  const given = Buffer.from(header.slice(7).trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Meta's verification GET: the challenge back when the mode and token match, else null (403). */
export async function verifyWebhook(
  deps: Pick<AppDeps, 'db'>,
  channelId: number,
  q: { mode?: string; token?: string; challenge?: string },
): Promise<string | null> {
  const row = await findChannelById(deps.db, channelId);
  if (!row || q.mode !== 'subscribe' || !q.token || q.token !== row.verifyToken) return null;
  return q.challenge ?? '';
}

/**
 * A webhook POST: the signature checked against the channel's app secret over the raw body, the event
 * committed, then processed after the answer. Answers false (401) when it cannot be trusted; nothing stored.
 */
export async function receiveWebhook(
  deps: Deps,
  input: { channelId: number; rawBody: Buffer; signature: string | undefined; log?: (err: unknown) => void },
): Promise<boolean> {
  const row = await findChannelById(deps.db, input.channelId);
  if (!row) return false;
  const { appSecret } = openChannel(row, deps);
  if (!validSignature(appSecret, input.rawBody, input.signature)) return false;
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
    .values({ companyId: row.companyId, channelId: row.id, payload })
    .returning({ id: waentWebhookEvents.id });
  if (event) processSoon(deps, event.id, input.log);
  return true;
}
