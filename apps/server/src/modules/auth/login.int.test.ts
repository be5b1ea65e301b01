import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  OPERATOR,
  OPERATOR2,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { accessLogs } from '../../db/schema/auth';
import { users } from '../../db/schema/users';

let ctx: TestContext;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
});
afterAll(() => ctx.close());

describe('login', () => {
  it('logs in with e-mail and password, sets an httpOnly session cookie and records the login', async () => {
    const r = await http.post('/api/auth/login', {
      body: { email: ' Ana.Operadora@EmpresaDemo.com.br ', password: PASSWORD },
    });
    expect(r.status).toBe(200);
    expect(r.body.step).toBe('done');
    expect(r.body.user).toMatchObject({
      email: OPERATOR,
      role: 0,
      companyName: 'Empresa Demo',
      timezone: 'America/Sao_Paulo',
    });
    const setCookie = String(r.res.headers['set-cookie']);
    expect(setCookie).toMatch(/prosa_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const cookie = setCookie.split(';')[0];
    const me = await http.get('/api/auth/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(OPERATOR);
    expect((me.body.sectorIds as number[]).length).toBe(2);

    const userId = (r.body.user as { id: number }).id;
    const logs = await ctx.db
      .select()
      .from(accessLogs)
      .where(and(eq(accessLogs.userId, userId), eq(accessLogs.event, 'login')));
    expect(logs.length).toBe(1);
  });

  it('answers "E-mail e/ou senha inválidos" for a wrong password and for an unknown e-mail alike', async () => {
    const wrong = await http.post('/api/auth/login', {
      body: { email: ADMIN, password: 'errada123' },
      ip: '10.0.0.1',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'E-mail e/ou senha inválidos' });
    expect(wrong.res.headers['set-cookie']).toBeUndefined();

    const unknown = await http.post('/api/auth/login', {
      body: { email: 'ninguem@x.com', password: 'errada123' },
      ip: '10.0.0.1',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('E-mail e/ou senha inválidos');
  });

  it('refuses bad bodies with 400 and a Portuguese message', async () => {
    const empty = await http.post('/api/auth/login', { body: { email: '', password: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Preencha o e-mail e a senha.');

    const badEmail = await http.post('/api/auth/login', { body: { email: 'nao-e-email', password: 'x' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Informe um e-mail válido.');

    const wrongType = await http.post('/api/auth/login', { body: { email: 42, password: [] } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.code).toBe('VALIDATION');
    expect(String(wrongType.body.message)).toMatch(/[a-zçãéí]/i);

    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(JSON.parse(notJson.body).message).toBe('Requisição inválida.');
  });

  it('rate-limits repeated failures for one e-mail, even with the right password afterwards', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await http.post('/api/auth/login', {
        body: { email: OPERATOR2, password: `errada${i}x` },
        ip: '10.0.0.2',
      });
      expect(r.status).toBe(401);
    }
    const blocked = await http.post('/api/auth/login', {
      body: { email: OPERATOR2, password: PASSWORD },
      ip: '10.0.0.2',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(
      'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
    );
    // Other accounts are not affected.
    const other = await http.post('/api/auth/login', {
      body: { email: ADMIN, password: PASSWORD },
      ip: '10.0.0.3',
    });
    expect(other.status).toBe(200);
  });

  it('refuses an inactive user with its own message', async () => {
    await ctx.db
      .update(users)
      .set({ inactiveSince: new Date(Date.now() - 1000) })
      .where(eq(users.email, 'gestor@empresademo.com.br'));
    const r = await http.post('/api/auth/login', {
      body: { email: 'gestor@empresademo.com.br', password: PASSWORD },
    });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Usuário inativo. Entre em contato com o administrador.');
    await ctx.db
      .update(users)
      .set({ inactiveSince: null })
      .where(eq(users.email, 'gestor@empresademo.com.br'));
  });

  it('stores passwords as argon2id hashes', async () => {
    const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, ADMIN));
    expect(row?.hash.startsWith('$argon2id$')).toBe(true);
  });
});
