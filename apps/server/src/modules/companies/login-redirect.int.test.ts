import { LOGIN_REDIRECT_MSG } from '@prosa/shared/login-redirect';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { sessions } from '../../db/schema/auth';
import { companies } from '../../db/schema/companies';

// Spec 2 §4 Login: "the server may answer … a redirect to a new product url", set per company in company edit.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let demo: Awaited<ReturnType<typeof demoIds>>;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  demo = await demoIds(ctx);
  admin = await http.login(ADMIN);
});
afterAll(() => ctx.close());

const url = () => `/api/companies/${demo.companyId}/login-redirect`;
const put = (redirect_url: unknown, cookie = admin) => http.put(url(), { cookie, body: { redirect_url } });
const loginAnswer = (email: string) => http.post('/api/auth/login', { body: { email, password: PASSWORD } });
const stored = async (companyId = demo.companyId) => {
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  return (row?.metadata as { redirect_url?: string } | undefined)?.redirect_url;
};

describe('login redirect to a new product URL', () => {
  it('an admin sets it; users of the company get the redirect and no session; admins still log in', async () => {
    const r = await put('https://novo.prosa.com.br/entrar');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      message: LOGIN_REDIRECT_MSG.saved,
      redirect_url: 'https://novo.prosa.com.br/entrar',
    });
    expect((await http.get(url(), { cookie: admin })).body).toEqual({
      redirect_url: 'https://novo.prosa.com.br/entrar',
    });

    const sessionsBefore = (await ctx.db.select().from(sessions)).length;
    const answer = await loginAnswer(OPERATOR);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      step: 'redirect',
      url: 'https://novo.prosa.com.br/entrar',
      message: LOGIN_REDIRECT_MSG.notice,
    });
    expect(answer.res.headers['set-cookie']).toBeUndefined();
    expect((await loginAnswer(MANAGER)).body.step).toBe('redirect');
    expect((await ctx.db.select().from(sessions)).length).toBe(sessionsBefore);
    // A wrong password still answers the credentials error, never the new address.
    const wrong = await http.post('/api/auth/login', { body: { email: OPERATOR, password: 'errada-123' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.url).toBeUndefined();
    // Whoever set it can still come in and undo it.
    expect((await loginAnswer(ADMIN)).body.step).toBe('done');
    // Another company's users are not affected.
    expect((await loginAnswer(OTHER_ADMIN)).body.step).toBe('done');
  });

  it('clearing it (null or empty) gives users their normal login back', async () => {
    await put('https://novo.prosa.com.br');
    const cleared = await put(null);
    expect(cleared.body).toEqual({ message: LOGIN_REDIRECT_MSG.cleared, redirect_url: null });
    expect(await stored()).toBeUndefined();
    expect((await loginAnswer(OPERATOR)).body.step).toBe('done');
    await put('https://novo.prosa.com.br');
    expect((await put('  ')).body.redirect_url).toBeNull();
    expect((await loginAnswer(OPERATOR)).body.step).toBe('done');
  });

  it('refuses a bad address with a Portuguese message and changes nothing', async () => {
    await put('https://atual.prosa.com.br');
    const bad: [unknown, string][] = [
      ['http://novo.prosa.com.br', LOGIN_REDIRECT_MSG.invalidUrl],
      ['javascript:alert(1)', LOGIN_REDIRECT_MSG.invalidUrl],
      ['novo.prosa.com.br', LOGIN_REDIRECT_MSG.invalidUrl],
      ['https://user:senha@novo.prosa.com.br', LOGIN_REDIRECT_MSG.invalidUrl],
      [`https://a.com/${'x'.repeat(2100)}`, LOGIN_REDIRECT_MSG.invalidUrl],
      [42, LOGIN_REDIRECT_MSG.invalidUrl],
      ['https://127.0.0.1/', LOGIN_REDIRECT_MSG.notPublic],
      ['https://10.0.0.5/', LOGIN_REDIRECT_MSG.notPublic],
      ['https://[::1]/', LOGIN_REDIRECT_MSG.notPublic],
      ['https://localhost/', LOGIN_REDIRECT_MSG.notPublic],
    ];
    for (const [value, message] of bad) {
      const r = await put(value);
      expect(r.status, String(value)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await stored()).toBe('https://atual.prosa.com.br');
    await put(null);
  });

  it('only admins of the company: managers 403, other company 404, no login 401', async () => {
    const manager = await http.login(MANAGER);
    expect((await put('https://x.prosa.com.br', manager)).status).toBe(403);
    expect((await http.get(url(), { cookie: manager })).status).toBe(403);
    const other = await http.login(OTHER_ADMIN);
    expect((await put('https://x.prosa.com.br', other)).status).toBe(404);
    expect((await http.get(url(), { cookie: other })).status).toBe(404);
    expect((await http.get(url())).status).toBe(401);
    expect(await stored()).toBeUndefined();
  });
});
