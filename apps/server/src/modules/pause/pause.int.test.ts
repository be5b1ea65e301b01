import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { userPauses } from '../../db/schema/distribution';
import { enforcePauseLimits } from './pause-user';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let mg: string;

const settings = (over: Record<string, unknown>) => ({
  is_active: true,
  use_reason: false,
  use_password: false,
  use_limit_pause: { enabled: false, limit_minutes: null },
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  mg = await http.login(MANAGER);
});
afterAll(() => ctx.close());

describe('pause settings (spec 1 §5)', () => {
  it('validates every rule with its text', async () => {
    const noLimit = await http.put('/api/control-pause', {
      cookie: mg,
      body: settings({ use_limit_pause: { enabled: true, limit_minutes: 0 } }),
    });
    expect(noLimit.status).toBe(400);
    expect(noLimit.body.message).toBe('Campo Tempo limite da pausa é obrigatório ou valor é inválido.');
    const offWithPassword = await http.put('/api/control-pause', {
      cookie: mg,
      body: settings({ is_active: false, use_password: true }),
    });
    expect(offWithPassword.body.message).toBe(
      'Desative o motivo, a senha e o tempo limite antes de desligar o controle de pausa.',
    );
    const reasonWithoutReasons = await http.put('/api/control-pause', {
      cookie: mg,
      body: settings({ use_reason: true }),
    });
    expect(reasonWithoutReasons.body.message).toBe(
      'É necessário manter ao menos um motivo de pausa enquanto o motivo estiver ativo.',
    );
    const noTitle = await http.post('/api/pause-reasons', { cookie: mg, body: { title: ' ' } });
    expect(noTitle.body.message).toBe('Titulo do motivo é obrigatório');
    expect(
      (await http.put('/api/control-pause', { cookie: await http.login(OPERATOR), body: settings({}) }))
        .status,
    ).toBe(403);
  });

  it('lists reasons 8 per page with the options 4, 8 and 16', async () => {
    for (const t of [
      'Almoço',
      'Banheiro',
      'Café',
      'Reunião',
      'Treinamento',
      'Médico',
      'Feedback',
      'Suporte técnico',
      'Ginástica laboral',
    ]) {
      await http.post('/api/pause-reasons', { cookie: mg, body: { title: t } });
    }
    const first = await http.get('/api/pause-reasons', { cookie: mg });
    expect(first.body).toMatchObject({ total: 9, count: 8 });
    expect((first.body.items as unknown[]).length).toBe(8);
    expect(
      ((await http.get('/api/pause-reasons?count=4&page=3', { cookie: mg })).body.items as unknown[]).length,
    ).toBe(1);
    expect((await http.get('/api/pause-reasons?count=5', { cookie: mg })).status).toBe(400);
  });
});

describe('pausing', () => {
  it('holds the operator in pause until the password and a reason are given', async () => {
    const ok = await http.put('/api/control-pause', {
      cookie: mg,
      body: settings({ use_reason: true, use_password: true }),
    });
    expect(ok.status).toBe(200);
    const op = await http.login(OPERATOR);
    const entered = await http.post('/api/pause', { cookie: op, body: {} });
    expect(entered.body.state).toMatchObject({ paused: true, needs_password: true, needs_reason: true });
    expect((await http.post('/api/pause', { cookie: op, body: {} })).body.message).toBe(
      'Você já está em pausa.',
    );

    expect((await http.post('/api/pause/leave', { cookie: op, body: {} })).body.message).toBe(
      'Informe sua senha para sair da pausa.',
    );
    expect(
      (await http.post('/api/pause/leave', { cookie: op, body: { password: 'errada123' } })).body.message,
    ).toBe('Senha incorreta.');
    expect(
      (await http.post('/api/pause/leave', { cookie: op, body: { password: PASSWORD } })).body.message,
    ).toBe('Informe o motivo da pausa.');
    const reasons = (await http.get('/api/pause-reasons', { cookie: op })).body.items as {
      id: number;
      title: string;
    }[];
    const lunch = reasons.find((r) => r.title === 'Almoço');
    const left = await http.post('/api/pause/leave', {
      cookie: op,
      body: { password: PASSWORD, reason_id: lunch?.id },
    });
    expect(left.status).toBe(200);
    expect(left.body.message).toBe('Pausa encerrada. Bom trabalho!');
    expect((await http.get('/api/pause', { cookie: op })).body.paused).toBe(false);
    const [p] = await ctx.db
      .select()
      .from(userPauses)
      .where(eq(userPauses.userId, ids.user(OPERATOR)));
    expect(p).toMatchObject({ endedBy: 'user', reasonId: lunch?.id });
  });

  it('logs the user out when the pause passes the limit', async () => {
    await http.put('/api/control-pause', {
      cookie: mg,
      body: settings({ use_limit_pause: { enabled: true, limit_minutes: 15 } }),
    });
    const op = await http.login(OPERATOR);
    const entered = await http.post('/api/pause', { cookie: op, body: {} });
    expect((entered.body.state as { limit_at: string | null }).limit_at).not.toBeNull();
    expect(
      await enforcePauseLimits(ctx.deps, {
        companyId: ids.companyId,
        now: new Date(Date.now() + 14 * 60_000),
      }),
    ).toBe(0);
    expect(
      await enforcePauseLimits(ctx.deps, {
        companyId: ids.companyId,
        now: new Date(Date.now() + 16 * 60_000),
      }),
    ).toBe(1);
    expect((await http.get('/api/pause', { cookie: op })).status).toBe(401);
  });

  it('refuses to pause when the company has no pause control', async () => {
    await http.put('/api/control-pause', { cookie: mg, body: settings({ is_active: false }) });
    const r = await http.post('/api/pause', { cookie: await http.login(OPERATOR), body: {} });
    expect(r.body.message).toBe('O controle de pausa não está ativo na empresa.');
  });

  it("tells the user's own pause state whether the company's pause control is on (the header offers Pausar)", async () => {
    const op = await http.login(OPERATOR);
    await http.put('/api/control-pause', { cookie: mg, body: settings({ is_active: false }) });
    expect((await http.get('/api/pause', { cookie: op })).body).toMatchObject({
      paused: false,
      control_active: false,
    });
    await http.put('/api/control-pause', { cookie: mg, body: settings({ is_active: true }) });
    expect((await http.get('/api/pause', { cookie: op })).body).toMatchObject({ control_active: true });
    await http.put('/api/control-pause', { cookie: mg, body: settings({ is_active: false }) });
  });
});
