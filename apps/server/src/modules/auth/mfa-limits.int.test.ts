import { MSG } from '@prosa/shared/messages';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { mfaEvents } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { sendMailJob } from '../mail/jobs/send-mail';

// Each login with the right password opens a fresh MFA challenge with its own guesses: the wrong codes and
// the code e-mails are also limited per user over a window, across challenges.

let ctx: TestContext;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await createTestContext({ env: { LOGIN_MAX_FAILURES: '3', MFA_MAX_EMAILS: '3' } });
  http = api(ctx);
  const admin = await http.login(ADMIN);
  const r = await http.put('/api/company/security', {
    cookie: admin,
    body: { mfa_enabled: true, password_max_age_days: 0 },
  });
  expect(r.status).toBe(200);
});
afterAll(() => ctx.close());

const codeOf = (subject: string) => /(\d{6})/.exec(subject)?.[1] ?? '';

/** Logs in with the password: the challenge id and the e-mailed code. */
async function startLogin(email: string) {
  const before = ctx.smtp.inbox.length;
  const r = await http.post('/api/auth/login', { body: { email, password: PASSWORD } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.step).toBe('mfa');
  const mail = await ctx.smtp.waitFor(email, before);
  return { challengeId: r.body.challengeId as string, code: codeOf(mail.subject) };
}

const guess = (challengeId: string, code: string) =>
  http.post('/api/users/check-mfa-code', { body: { challengeId, code, method: 'email' } });
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function queuedMailsTo(to: string) {
  const r = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${sendMailJob.name} and data->>'to' = ${to}`,
  );
  return r.rows[0]?.n ?? -1;
}

/** Wrong codes recorded for a user in the last minutes. */
async function recentFailures(email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const [row] = await ctx.db
    .select({ n: count() })
    .from(mfaEvents)
    .where(
      and(
        eq(mfaEvents.userId, user?.id ?? 0),
        eq(mfaEvents.kind, 'code_failure'),
        sql`${mfaEvents.createdAt} > now() - interval '10 minutes'`,
      ),
    );
  return row?.n ?? -1;
}

describe('MFA limits per user across challenges', () => {
  it('wrong codes add up over new challenges; past the limit even the right code and a new login are refused', async () => {
    const a = await startLogin(OPERATOR);
    expect((await guess(a.challengeId, wrongFor(a.code))).status).toBe(401);
    expect((await guess(a.challengeId, wrongFor(a.code))).status).toBe(401);
    // A new login: a new challenge, but not new guesses.
    const b = await startLogin(OPERATOR);
    expect((await guess(b.challengeId, wrongFor(b.code))).status).toBe(401);
    const right = await guess(b.challengeId, b.code);
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: 'RATE_LIMITED', message: MSG.mfaTooManyCodes });
    expect(right.res.headers['set-cookie']).toBeUndefined();

    const again = await http.post('/api/auth/login', { body: { email: OPERATOR, password: PASSWORD } });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(MSG.mfaTooManyCodes);

    // Another person of the same company is not affected.
    const other = await startLogin(MANAGER);
    expect((await guess(other.challengeId, other.code)).body.step).toBe('done');

    // Once the window has passed, the person logs in again.
    await ctx.db.update(mfaEvents).set({ createdAt: sql`now() - interval '1 hour'` });
    const c = await startLogin(OPERATOR);
    expect((await guess(c.challengeId, c.code)).body.step).toBe('done');
  });

  it('a right code does not count as a wrong one', async () => {
    await ctx.db.update(mfaEvents).set({ createdAt: sql`now() - interval '1 hour'` });
    for (let i = 0; i < 3; i++) {
      const s = await startLogin(MANAGER);
      expect((await guess(s.challengeId, s.code)).status).toBe(200);
    }
    expect(await recentFailures(MANAGER)).toBe(0);
  });

  it('wrong codes sent at the same time cannot pass the limit together', async () => {
    await ctx.db.update(mfaEvents).set({ createdAt: sql`now() - interval '1 hour'` });
    const a = await startLogin(OPERATOR2);
    const b = await startLogin(OPERATOR2);
    const answers = await Promise.all(
      [a, b, a, b, a, b, a, b].map((s) => guess(s.challengeId, wrongFor(s.code))),
    );
    // Checked and found wrong: at most the limit. The rest is refused unchecked (429), or finds its challenge
    // already closed by a refusal (401, log in again).
    const checked = answers.filter((r) => r.body.message === MSG.mfaCodeInvalid).length;
    expect(checked).toBeLessThanOrEqual(3);
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    for (const r of answers.filter((x) => x.body.message !== MSG.mfaCodeInvalid)) {
      expect([MSG.mfaTooManyCodes, MSG.mfaChallengeExpired]).toContain(r.body.message);
    }
    expect(await recentFailures(OPERATOR2)).toBeLessThanOrEqual(3);
  });

  it('code e-mails are limited per user: resends and new logins share the count', async () => {
    await ctx.db.update(mfaEvents).set({ createdAt: sql`now() - interval '1 hour'` });
    const email = MANAGER;
    const queuedBefore = await queuedMailsTo(email);
    const s = await startLogin(email);
    const resend = () => http.post('/api/auth/mfa/resend', { body: { challengeId: s.challengeId } });
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: MSG.mfaTooManyEmails });
    const login = await http.post('/api/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(429);
    expect(login.body.message).toBe(MSG.mfaTooManyEmails);
    // Three e-mails were queued, no more.
    expect((await queuedMailsTo(email)) - queuedBefore).toBe(3);
  });
});
