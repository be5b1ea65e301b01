import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The `state` of the Facebook Login dialog: who started the login (company, user), a nonce the callback takes
// once from the database, and an expiry; signed with HMAC-SHA256 under the Meta app secret, so a state that
// was changed, forged or is too old is refused before anything else is read.

export type LoginState = { companyId: number; userId: number; nonce: string; expiresAt: number };

/** How long the user has to go through the dialog. */
export const LOGIN_STATE_TTL_MS = 10 * 60_000;

const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

export function newLoginState(companyId: number, userId: number, now = Date.now()): LoginState {
  return {
    companyId,
    userId,
    nonce: randomBytes(18).toString('base64url'),
    expiresAt: now + LOGIN_STATE_TTL_MS,
  };
}

export function encodeLoginState(state: LoginState, secret: string): string {
  const payload = Buffer.from(
    JSON.stringify({ c: state.companyId, u: state.userId, n: state.nonce, e: state.expiresAt }),
  ).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The state when its signature holds and it has not expired; null otherwise. */
export function decodeLoginState(text: string, secret: string, now = Date.now()): LoginState | null {
  const [payload, mac, extra] = text.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const o = v as { c?: unknown; u?: unknown; n?: unknown; e?: unknown };
  if (
    typeof o !== 'object' ||
    o === null ||
    !Number.isSafeInteger(o.c) ||
    !Number.isSafeInteger(o.u) ||
    typeof o.n !== 'string' ||
    typeof o.e !== 'number'
  )
    return null;
  if (o.e <= now) return null;
  return { companyId: o.c as number, userId: o.u as number, nonce: o.n, expiresAt: o.e };
}
