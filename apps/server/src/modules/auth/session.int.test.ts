import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { accessLogs, sessions } from '../../db/schema/auth';
import { purgeExpiredAuth } from './purge-expired-auth';

let ctx: TestContext;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
});
afterAll(() => ctx.close());

describe('sessions', () => {
  it('are opaque tokens stored only as a hash', async () => {
    const cookie = await http.login(OPERATOR);
    const token = decodeURIComponent(cookie.split('=')[1] ?? '');
    const rows = await ctx.db.select().from(sessions);
    expect(rows.some((s) => s.tokenHash === token)).toBe(false);
    expect(rows.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true);
  });

  it('logout revokes the session, clears the cookie and writes the log-logout record', async () => {
    const cookie = await http.login(OPERATOR);
    const me = await http.get('/api/auth/me', { cookie });
    expect(me.status).toBe(200);
    const out = await http.post('/api/auth/logout', { cookie });
    expect(out.status).toBe(200);
    expect(String(out.res.headers['set-cookie'])).toMatch(/prosa_session=;/);
    const after = await http.get('/api/auth/me', { cookie });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Sua sessão expirou. Faça login novamente.');
    const logs = await ctx.db
      .select()
      .from(accessLogs)
      .where(and(eq(accessLogs.userId, me.body.id as number), eq(accessLogs.event, 'logout')));
    expect(logs.length).toBe(1);
  });

  it('refuses an unknown or tampered cookie', async () => {
    const r = await http.get('/api/auth/me', { cookie: 'prosa_session=abc' });
    expect(r.status).toBe(401);
  });

  it('issues a realtime token bound to the session, replaced by "reset realtime token"', async () => {
    const cookie = await http.login(OPERATOR);
    const t1 = await http.get('/api/users/get-socket-token', { cookie });
    const t1b = await http.get('/api/users/get-socket-token', { cookie });
    expect(t1.body.token).toBe(t1b.body.token);
    const reset = await http.post('/api/users/reset-socket-token', { cookie });
    expect(reset.body.token).not.toBe(t1.body.token);
    const t2 = await http.get('/api/users/get-socket-token', { cookie });
    expect(t2.body.token).toBe(reset.body.token);
  });

  it('expired sessions stop working and are purged', async () => {
    const cookie = await http.login(OPERATOR);
    await ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await http.get('/api/auth/me', { cookie })).status).toBe(401);
    const purged = await purgeExpiredAuth({ db: ctx.db, companyId: null, now: new Date() });
    expect(purged.sessions).toBeGreaterThan(0);
    expect(await ctx.db.select().from(sessions)).toHaveLength(0);
  });
});
