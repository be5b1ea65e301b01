import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignedUrl } from './storage';

/** Files are served by GET /api/files/<key>?exp=&sig= (a public route: the signature is the access check). */
export const FILES_ROUTE = '/api/files/';

const signature = (secret: string, key: string, exp: number) =>
  createHmac('sha256', secret).update(`file:${key}:${exp}`).digest('base64url');

/** A URL to `key` valid until now + `ttlSeconds` (rounded up to the minute, so repeated lists agree). */
export function signFileUrl(secret: string, key: string, ttlSeconds: number, now = Date.now()): SignedUrl {
  const exp = Math.ceil((now / 1000 + ttlSeconds) / 60) * 60;
  const path = key.split('/').map(encodeURIComponent).join('/');
  return {
    url: `${FILES_ROUTE}${path}?exp=${exp}&sig=${signature(secret, key, exp)}`,
    expiresAt: new Date(exp * 1000),
  };
}

/** True when `sig` was made by us for this key and expiry, and the expiry has not passed. */
export function verifyFileUrl(
  secret: string,
  input: { key: string; exp: number; sig: string },
  now = Date.now(),
): boolean {
  if (!Number.isInteger(input.exp) || input.exp * 1000 <= now) return false;
  const expected = Buffer.from(signature(secret, input.key, input.exp));
  const given = Buffer.from(input.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
