import { eq, sql } from 'drizzle-orm';
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
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import { sendMailJob } from '../mail/jobs/send-mail';

let ctx: TestContext;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
});
afterAll(() => ctx.close());

describe('forced password change', () => {
  it('after an admin set the password: no session until a valid new password is chosen', async () => {
    await ctx.db.update(users).set({ mustChangePassword: true }).where(eq(users.email, OPERATOR));
    const step = await http.post('/api/auth/login', { body: { email: OPERATOR, password: PASSWORD } });
    expect(step.body).toMatchObject({ step: 'change_password', reason: 'admin' });
    expect(step.res.headers['set-cookie']).toBeUndefined();
    const changeToken = step.body.changeToken as string;

    const weak = await http.post('/api/users/change-password', {
      body: { changeToken, newPassword: 'curta', confirmPassword: 'curta' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('A senha deve ter no mínimo 8 caracteres, com letras e números.');

    const mismatch = await http.post('/api/users/change-password', {
      body: { changeToken, newPassword: 'NovaSenha1', confirmPassword: 'NovaSenha2' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('As senhas não conferem.');

    const same = await http.post('/api/users/change-password', {
      body: { changeToken, newPassword: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('A nova senha deve ser diferente da atual.');

    const ok = await http.post('/api/users/change-password', {
      body: { changeToken, newPassword: 'NovaSenha1', confirmPassword: 'NovaSenha1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.step).toBe('done');
    expect(String(ok.res.headers['set-cookie'])).toMatch(/prosa_session=/);

    // The change token is single use, and the next login goes straight in with the new password.
    const reuse = await http.post('/api/users/change-password', {
      body: { changeToken, newPassword: 'OutraSenha2', confirmPassword: 'OutraSenha2' },
    });
    expect(reuse.status).toBe(401);
    const next = await http.post('/api/auth/login', { body: { email: OPERATOR, password: 'NovaSenha1' } });
    expect(next.body.step).toBe('done');
  });

  it('when the password is older than the company allows', async () => {
    const [company] = await ctx.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
    await ctx.db
      .update(companies)
      .set({ passwordMaxAgeDays: 30 })
      .where(eq(companies.id, company?.id ?? 0));
    await ctx.db
      .update(users)
      .set({ passwordChangedAt: sql`now() - interval '40 days'` })
      .where(eq(users.email, MANAGER));
    const step = await http.post('/api/auth/login', { body: { email: MANAGER, password: PASSWORD } });
    expect(step.body).toMatchObject({ step: 'change_password', reason: 'expired' });
    // A recent password passes.
    const fresh = await http.post('/api/auth/login', { body: { email: ADMIN, password: PASSWORD } });
    expect(fresh.body.step).toBe('done');
    await ctx.db
      .update(companies)
      .set({ passwordMaxAgeDays: 0 })
      .where(eq(companies.id, company?.id ?? 0));
  });
});

/** The e-mail jobs queued for `to`, whatever their state. */
async function queuedMailsTo(to: string) {
  const r = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${sendMailJob.name} and data->>'to' = ${to}`,
  );
  return r.rows[0]?.n ?? -1;
}

describe('password recovery', () => {
  it('requires the e-mail with the spec text', async () => {
    const r = await http.post('/api/auth/recover-password', { body: { email: '' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Preencha o E-mail da conta.');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = ctx.smtp.inbox.length;
    const r = await http.post('/api/auth/recover-password', {
      body: { email: 'nao.existe@empresademo.com.br' },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.');
    // Every e-mail is a job queued before the answer: no job means nothing will be sent, with no wait.
    expect(await queuedMailsTo('nao.existe@empresademo.com.br')).toBe(0);
    expect(ctx.smtp.inbox.length).toBe(before);
  });

  it('e-mails a link that resets the password once', async () => {
    const before = ctx.smtp.inbox.length;
    const cookie = await http.login(OPERATOR2);
    const r = await http.post('/api/auth/recover-password', { body: { email: OPERATOR2 } });
    expect(r.status).toBe(200);
    expect(await queuedMailsTo(OPERATOR2)).toBe(1);
    const mail = await ctx.smtp.waitFor(OPERATOR2, before);
    const link = /http:\/\/prosa\.test\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.body);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');

    const same = await http.post('/api/auth/reset-password', {
      body: { token, newPassword: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('A nova senha deve ser diferente da atual.');

    const reset = await http.post('/api/auth/reset-password', {
      body: { token, newPassword: 'Recuperada9', confirmPassword: 'Recuperada9' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Sua senha foi alterada com sucesso!');

    const second = await http.post('/api/auth/reset-password', {
      body: { token, newPassword: 'Outra12345', confirmPassword: 'Outra12345' },
    });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('Link de redefinição inválido ou expirado. Solicite um novo.');

    // Sessions opened before the reset are revoked; the old password no longer works.
    expect((await http.get('/api/auth/me', { cookie })).status).toBe(401);
    const old = await http.post('/api/auth/login', { body: { email: OPERATOR2, password: PASSWORD } });
    expect(old.status).toBe(401);
    const fresh = await http.post('/api/auth/login', { body: { email: OPERATOR2, password: 'Recuperada9' } });
    expect(fresh.body.step).toBe('done');
  });
});

describe('voluntary password change', () => {
  it('checks the current password and revokes the other sessions', async () => {
    const a = await http.login(ADMIN);
    const b = await http.login(ADMIN);
    const wrong = await http.post('/api/users/change-password', {
      cookie: a,
      body: { currentPassword: 'errada000', newPassword: 'Trocada123', confirmPassword: 'Trocada123' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Senha atual incorreta.');

    const ok = await http.post('/api/users/change-password', {
      cookie: a,
      body: { currentPassword: PASSWORD, newPassword: 'Trocada123', confirmPassword: 'Trocada123' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Sua senha foi alterada com sucesso!');
    expect((await http.get('/api/auth/me', { cookie: a })).status).toBe(200);
    expect((await http.get('/api/auth/me', { cookie: b })).status).toBe(401);
  });
});
