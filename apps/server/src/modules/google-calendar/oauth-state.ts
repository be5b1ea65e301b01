import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The OAuth `state`: signed with the app secret and bound to one user of one company for a short while, so a code
// Google sends back is only ever taken for the user who started the consent (no CSRF, no account mix-up).

const STATE_TTL_MS = 15 * 60_000;

type TStatePayload = { c: number; u: number; e: number; n: string };

const sign = (data: string, appSecret: string) =>
  createHmac('sha256', `google-calendar-state:${appSecret}`).update(data).digest('base64url');

export function createOAuthState(
  input: { companyId: number; userId: number; now?: number },
  appSecret: string,
): string {
  const payload: TStatePayload = {
    c: input.companyId,
    u: input.userId,
    e: (input.now ?? Date.now()) + STATE_TTL_MS,
    n: randomBytes(9).toString('base64url'),
  };
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${data}.${sign(data, appSecret)}`;
}

/** Whether a state was made here for this user and has not expired. */
export function checkOAuthState(
  state: string,
  input: { companyId: number; userId: number; now?: number },
  appSecret: string,
): boolean {
  const [data, mac, ...rest] = state.split('.');
  if (!data || !mac || rest.length > 0) return false;
  const expected = Buffer.from(sign(data, appSecret));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const p = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Partial<TStatePayload>;
    return p.c === input.companyId && p.u === input.userId && (p.e ?? 0) > (input.now ?? Date.now());
  } catch {
    return false;
  }
}
