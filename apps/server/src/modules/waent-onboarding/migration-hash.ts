import { createHmac, timingSafeEqual } from 'node:crypto';

// The migration link's token (spec 2 §7 generateMigrationHash → channel_url_hash): the channel and company it
// names and when it expires, signed with an HMAC of the app secret — a changed byte or an old link is refused.

export const MIGRATION_TTL_MS = 7 * 24 * 3600_000;

type Claims = { c: number; co: number; exp: number };

const sign = (payload: string, appSecret: string) =>
  createHmac('sha256', `waent-migration:${appSecret}`).update(payload).digest('base64url');

export function createMigrationHash(
  claims: { channelId: number; companyId: number },
  appSecret: string,
  now = Date.now(),
): string {
  const payload = Buffer.from(
    JSON.stringify({
      c: claims.channelId,
      co: claims.companyId,
      exp: now + MIGRATION_TTL_MS,
    } satisfies Claims),
  ).toString('base64url');
  return `${payload}.${sign(payload, appSecret)}`;
}

/** The channel and company a hash names, or null when it was tampered with or expired. */
export function readMigrationHash(
  hash: string,
  appSecret: string,
  now = Date.now(),
): { channelId: number; companyId: number } | null {
  const [payload, mac, ...rest] = hash.split('.');
  if (!payload || !mac || rest.length) return null;
  const expected = Buffer.from(sign(payload, appSecret));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Claims>;
    if (!Number.isSafeInteger(claims.c) || !Number.isSafeInteger(claims.co) || typeof claims.exp !== 'number')
      return null;
    if (claims.exp < now) return null;
    return { channelId: claims.c as number, companyId: claims.co as number };
  } catch {
    return null;
  }
}
