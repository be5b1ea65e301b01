import { createHmac, timingSafeEqual } from 'node:crypto';

// Calls between nodes to a channel server's control API (spec 2 §7) carry a bearer token every node derives from
// the shared APP_SECRET: nobody without the secret can start, stop or read a session, and no token is stored.

/** The bearer token of the control calls (HMAC of a fixed label with the app secret). */
export function controlToken(appSecret: string): string {
  return createHmac('sha256', appSecret).update('prosa:channel-server-control:v1').digest('base64url');
}

/** Whether an Authorization header carries the control token (constant-time compare). */
export function controlTokenMatches(appSecret: string, header: string | undefined): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(controlToken(appSecret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
