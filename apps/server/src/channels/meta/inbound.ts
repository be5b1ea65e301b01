import type { ChannelCtx, ChannelFinder, FetchedMedia, InboundRequest, MediaRef, OpenChannel } from '../port';
import { validSignature } from '../waent/inbound';
import { downloadFile } from './graph-client';
import type { MetaGraphOptions } from './graph-options';

// The app-level webhook of Messenger and Instagram (one Meta app for every page, /api/webhooks/facebook and
// /api/webhooks/instagram): signed with the app secret, the channel named by entry[].id. The generic
// /api/webhooks/{kind}/{id} path is refused: Meta calls only the app's URL.

/** Meta's verification GET: the challenge back when the mode and the app's verify token match. */
export function challengeFor(query: InboundRequest['query'], opts: MetaGraphOptions): string | null {
  const token = query['hub.verify_token'];
  if (query['hub.mode'] !== 'subscribe' || !token || !opts.verifyToken || token !== opts.verifyToken)
    return null;
  return query['hub.challenge'] ?? '';
}

/** X-Hub-Signature-256 over the raw body with the Meta app's secret. */
export function verifyAppSignature(req: InboundRequest, opts: MetaGraphOptions): boolean {
  const header = req.headers['x-hub-signature-256'];
  return validSignature(opts.appSecret, req.rawBody, typeof header === 'string' ? header : undefined);
}

/**
 * The generic route's check, never reached (resolveNone finds no channel): Meta signs only the app's webhook,
 * which checks the signature itself with the app's settings (meta-routes).
 */
export const refuseGeneric = (): boolean => false;

/** Channels are named by the payload's entry[].id, never by a path id: the generic route finds none. */
export async function resolveNone(_req: InboundRequest, _find: ChannelFinder): Promise<null> {
  return null;
}

/** The file of an attachment, at the URL the platform gave (its CDN), through the outbound guard. */
export async function fetchMetaMedia(
  ctx: ChannelCtx,
  _ch: OpenChannel,
  ref: MediaRef,
): Promise<FetchedMedia> {
  return downloadFile(ctx.outbound, ref.id);
}
