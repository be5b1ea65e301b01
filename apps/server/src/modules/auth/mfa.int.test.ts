import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { mfaChallenges } from '../../db/schema/auth';

let ctx: TestContext;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await createTestContext();
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

/** The app's codes from two steps before `at` to three after (what a check near `at` may accept). */
const codesAround = (secret: Secret, at: number) =>
  [-2, -1, 0, 1, 2, 3].map((k) => TOTP.generate({ secret, timestamp: at + k * 30_000 }));

/** A well-formed code the app does not show around `at`: a fixed "wrong" code is sometimes the right one. */
const wrongCodeFor = (secret: Secret, at = Date.now()) => {
  const valid = new Set(codesAround(secret, at));
  return (
    ['000000', '111111', '222222', '333333', '444444', '555555', '666666'].find((c) => !valid.has(c)) ?? ''
  );
};

describe('MFA code step', () => {
  it('asks for the e-mailed code, refuses a wrong one, accepts the right one once', async () => {
    const before = ctx.smtp.inbox.length;
    const step1 = await http.post('/api/auth/login', { body: { email: OPERATOR, password: PASSWORD } });
    expect(step1.status).toBe(200);
    expect(step1.body).toMatchObject({
      step: 'mfa',
      methods: ['email'],
      maskedEmail: 'an***********@empresademo.com.br',
    });
    expect(step1.res.headers['set-cookie']).toBeUndefined();

    const mail = await ctx.smtp.waitFor(OPERATOR, before);
    const code = codeOf(mail.subject);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.body).toContain(code);

    const challengeId = step1.body.challengeId as string;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await http.post('/api/users/check-mfa-code', {
      body: { challengeId, code: wrongCode, method: 'email' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Código inválido ou expirado.');

    const bad = await http.post('/api/users/check-mfa-code', {
      body: { challengeId, code: '12ab', method: 'email' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Informe o código de 6 dígitos.');

    const ok = await http.post('/api/users/check-mfa-code', { body: { challengeId, code, method: 'email' } });
    expect(ok.status).toBe(200);
    expect(ok.body.step).toBe('done');
    expect(String(ok.res.headers['set-cookie'])).toMatch(/prosa_session=/);

    const again = await http.post('/api/users/check-mfa-code', {
      body: { challengeId, code, method: 'email' },
    });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('Sua verificação expirou. Faça login novamente.');
  });

  it('refuses an expired code', async () => {
    const before = ctx.smtp.inbox.length;
    const step1 = await http.post('/api/auth/login', { body: { email: MANAGER, password: PASSWORD } });
    const code = codeOf((await ctx.smtp.waitFor(MANAGER, before)).subject);
    await ctx.db
      .update(mfaChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(mfaChallenges.id, step1.body.challengeId as string));
    const r = await http.post('/api/users/check-mfa-code', {
      body: { challengeId: step1.body.challengeId, code },
    });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Sua verificação expirou. Faça login novamente.');
  });

  it('invalidates the challenge after too many wrong codes', async () => {
    const before = ctx.smtp.inbox.length;
    const step1 = await http.post('/api/auth/login', { body: { email: MANAGER, password: PASSWORD } });
    const code = codeOf((await ctx.smtp.waitFor(MANAGER, before)).subject);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      await http.post('/api/users/check-mfa-code', {
        body: { challengeId: step1.body.challengeId, code: wrongCode },
      });
    }
    const r = await http.post('/api/users/check-mfa-code', {
      body: { challengeId: step1.body.challengeId, code },
    });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Sua verificação expirou. Faça login novamente.');
  });

  it('accepts an authenticator app (TOTP) code for a user who enrolled one, without e-mailing a code', async () => {
    // Enrol while MFA is satisfied: log in through the e-mail code first.
    let before = ctx.smtp.inbox.length;
    const s1 = await http.post('/api/auth/login', { body: { email: ADMIN, password: PASSWORD } });
    const c1 = codeOf((await ctx.smtp.waitFor(ADMIN, before)).subject);
    const done = await http.post('/api/users/check-mfa-code', {
      body: { challengeId: s1.body.challengeId, code: c1 },
    });
    const cookie = String(done.res.headers['set-cookie']).split(';')[0];

    // Two equal consecutive codes would make the app's next code look like a replay: such a secret is
    // drawn again (about one in a hundred thousand).
    let setup: Awaited<ReturnType<typeof http.post>>;
    let secret: Secret;
    do {
      setup = await http.post('/api/auth/totp/setup', { cookie });
      expect(setup.status).toBe(200);
      secret = Secret.fromBase32(setup.body.secret as string);
    } while (new Set(codesAround(secret, Date.now())).size < 6);
    expect(String(setup.body.otpauthUrl)).toMatch(/^otpauth:\/\/totp\/Prosa:/);
    const refused = await http.post('/api/auth/totp/enable', {
      cookie,
      body: { code: wrongCodeFor(secret) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Código do aplicativo inválido.');
    const enabledAt = Date.now();
    const activationCode = TOTP.generate({ secret, timestamp: enabledAt });
    const enabled = await http.post('/api/auth/totp/enable', { cookie, body: { code: activationCode } });
    expect(enabled.status).toBe(200);

    before = ctx.smtp.inbox.length;
    const s2 = await http.post('/api/auth/login', { body: { email: ADMIN, password: PASSWORD } });
    expect(s2.body).toMatchObject({ step: 'mfa', methods: ['totp', 'email'] });
    // The code used to activate cannot be replayed; the app's next code is accepted once.
    const replay = await http.post('/api/users/check-mfa-code', {
      body: { challengeId: s2.body.challengeId, code: activationCode, method: 'totp' },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Código do aplicativo inválido.');
    const next = TOTP.generate({ secret, timestamp: enabledAt + 30_000 });
    const viaApp = await http.post('/api/users/check-mfa-code', {
      body: { challengeId: s2.body.challengeId, code: next, method: 'totp' },
    });
    expect(viaApp.status).toBe(200);
    expect(viaApp.body.step).toBe('done');
    expect(ctx.smtp.inbox.slice(before).filter((m) => m.to.includes(ADMIN))).toHaveLength(0);

    // The e-mail code is still available on request.
    const s3 = await http.post('/api/auth/login', { body: { email: ADMIN, password: PASSWORD } });
    const resend = await http.post('/api/auth/mfa/resend', { body: { challengeId: s3.body.challengeId } });
    expect(resend.status).toBe(200);
    const code3 = codeOf((await ctx.smtp.waitFor(ADMIN, before)).subject);
    const viaMail = await http.post('/api/users/check-mfa-code', {
      body: { challengeId: s3.body.challengeId, code: code3 },
    });
    expect(viaMail.body.step).toBe('done');
  });
});
