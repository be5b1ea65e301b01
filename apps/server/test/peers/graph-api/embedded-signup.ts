import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, sendGraphError, tokenOf } from './http';
import { accessToken, dialogPage } from './oauth';
import type { GraphPeerState } from './state';

// WhatsApp embedded signup as Meta serves it (SDK v21.0): the Facebook Login for Business dialog, the code
// exchanged for a business token, debug_token's granular scopes naming the WhatsApp Business accounts the person
// shared, and each account's phone numbers.

export const EMBEDDED_SIGNUP_VERSION = 'v21.0';

export type PeerWaba = {
  id: string;
  numbers: { id: string; display_phone_number: string; verified_name: string }[];
};

/** Handles the embedded-signup paths (true), or leaves the request to the other routes (false). */
export function embeddedSignupRoute(
  s: GraphPeerState,
  wabas: PeerWaba[],
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
): boolean {
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== EMBEDDED_SIGNUP_VERSION || req.method !== 'GET') return false;
  const path = parts.slice(1).join('/');
  if (path === 'dialog/oauth') {
    dialogPage(s, url, res);
    return true;
  }
  if (path === 'oauth/access_token') {
    accessToken(s, url, res);
    return true;
  }
  if (path === 'debug_token') {
    if (tokenOf(req, url, null) !== `${s.appId}|${s.appSecret}`)
      sendGraphError(res, { code: 190, message: 'Invalid OAuth access token.' });
    else if (!s.userTokens.has(url.searchParams.get('input_token') ?? ''))
      sendGraphError(res, { code: 190, message: 'Invalid OAuth access token.' });
    else
      json(res, 200, {
        data: {
          app_id: s.appId,
          type: 'USER',
          is_valid: true,
          scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
          granular_scopes: [
            { scope: 'whatsapp_business_management', target_ids: wabas.map((w) => w.id) },
            { scope: 'whatsapp_business_messaging', target_ids: wabas.map((w) => w.id) },
          ],
          user_id: s.user.id,
        },
      });
    return true;
  }
  const waba =
    parts.length === 3 && parts[2] === 'phone_numbers' ? wabas.find((w) => w.id === parts[1]) : null;
  if (waba) {
    if (!s.userTokens.has(tokenOf(req, url, null) ?? ''))
      sendGraphError(res, { code: 190, message: 'Invalid OAuth access token.' });
    else json(res, 200, { data: waba.numbers, paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } } });
    return true;
  }
  return false;
}
