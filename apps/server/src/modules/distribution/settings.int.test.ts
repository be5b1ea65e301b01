import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import { api, createTestContext, MANAGER, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let mg: string;

const rules = (over: Record<string, unknown> = {}) => ({
  time_waiting_client_to_finalize: null,
  status_waiting_client_to_finalize: null,
  time_waiting_client_to_busy_client: null,
  change_status_when_busy_client: '0',
  status_busy_client: null,
  time_waiting_client_to_poke_client: null,
  show_poke_options: false,
  remove_chats_logout: false,
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  mg = await http.login(MANAGER);
});
afterAll(() => ctx.close());

describe('attendance rules (tab 19)', () => {
  it('gives every rule its text and saves seconds', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { time_waiting_client_to_finalize: 0, status_waiting_client_to_finalize: ids.status('Resolvido') },
        'Informe o tempo em minutos maior que zero.',
      ],
      [{ time_waiting_client_to_finalize: 1800 }, 'Selecione o status de finalização do atendimento.'],
      [
        { status_waiting_client_to_finalize: ids.status('Resolvido') },
        'Informe o tempo de espera para finalização do atendimento com o status escolhido.',
      ],
      [
        { change_status_when_busy_client: '1' },
        'Selecione o status de classificação em que o atendimento será direcionado.',
      ],
      // A classification status is not a finalization status.
      [
        {
          time_waiting_client_to_finalize: 1800,
          status_waiting_client_to_finalize: ids.status('Em negociação'),
        },
        'Selecione o status de finalização do atendimento.',
      ],
    ];
    for (const [over, message] of cases) {
      const r = await http.put('/api/attendance-rules', { cookie: mg, body: rules(over) });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const ok = await http.put('/api/attendance-rules', {
      cookie: mg,
      body: rules({
        time_waiting_client_to_finalize: 1800,
        status_waiting_client_to_finalize: ids.status('Sem retorno do cliente'),
        remove_chats_logout: true,
      }),
    });
    expect(ok.body.message).toBe('Configuração alterada com sucesso!');
    expect((await http.get('/api/attendance-rules', { cookie: mg })).body).toMatchObject({
      time_waiting_client_to_finalize: 1800,
      remove_chats_logout: true,
    });
    expect((await http.get('/api/attendance-rules', { cookie: await http.login(OPERATOR) })).status).toBe(
      403,
    );
  });

  it('keeps the other keys of the attendances metadata', async () => {
    const [c] = await ctx.db.select().from(companies).where(eq(companies.id, ids.companyId));
    const meta = (c?.metadata ?? {}) as { attendances?: Record<string, unknown> };
    await ctx.db
      .update(companies)
      .set({
        metadata: { ...meta, attendances: { ...(meta.attendances ?? {}), changeReplicateOwner: true } },
      })
      .where(eq(companies.id, ids.companyId));
    await http.put('/api/attendance-rules', { cookie: mg, body: rules({ show_poke_options: true }) });
    const [after] = await ctx.db.select().from(companies).where(eq(companies.id, ids.companyId));
    expect(((after?.metadata ?? {}) as { attendances?: Record<string, unknown> }).attendances).toMatchObject({
      changeReplicateOwner: true,
      show_poke_options: true,
    });
  });

  it('saves the client waiting response (SLA) of the distribution', async () => {
    const bad = await http.put('/api/auto-dist/client-waiting-response', {
      cookie: mg,
      body: { minutes: 0, minutes_others: null, message: null, action: 'redistribute' },
    });
    expect(bad.body.message).toBe('Informe o tempo em minutos maior que zero.');
    const ok = await http.put('/api/auto-dist/client-waiting-response', {
      cookie: mg,
      body: { minutes: 5, minutes_others: 3, message: 'Já vamos atender!', action: 'redistribute' },
    });
    expect(ok.status).toBe(200);
    expect((await http.get('/api/auto-dist/client-waiting-response', { cookie: mg })).body).toEqual({
      minutes: 5,
      minutes_others: 3,
      message: 'Já vamos atender!',
      action: 'redistribute',
    });
  });
});

describe('distribution monitor', () => {
  it('counts the queue and each operator’s state and load', async () => {
    await http.put('/api/auto-dist', {
      cookie: mg,
      body: { enabled: true, chat_per_user: 1, allow_if_client_not_respond: false },
    });
    const v1 = await newVisitor(ctx, 'M1');
    await v1.send('oi');
    const v2 = await newVisitor(ctx, 'M2');
    await v2.send('oi');
    const cards = (await http.get('/api/attendances', { cookie: mg })).body.items as {
      id: number;
      name: string;
    }[];
    await http.post(`/api/attendances/${cards.find((c) => c.name === 'M1')?.id}/switch-operator`, {
      cookie: mg,
      body: { operator_id: ids.user(OPERATOR) },
    });
    const op = await http.login(OPERATOR);
    await http.put('/api/control-pause', {
      cookie: mg,
      body: {
        is_active: true,
        use_reason: false,
        use_password: false,
        use_limit_pause: { enabled: false, limit_minutes: null },
      },
    });
    await http.post('/api/pause', { cookie: op, body: {} });
    const m = await http.get('/api/distribution/monitor', { cookie: mg });
    expect(m.body.counters).toMatchObject({ attended: 1, notDistributed: 1, waitingFirstInteraction: 2 });
    const ana = (m.body.operators as { name: string; status: string; total: number; full: boolean }[]).find(
      (o) => o.name === 'Ana',
    );
    expect(ana).toMatchObject({ status: 'paused', total: 1, full: true });
    expect(m.body.totals).toMatchObject({ paused: 1, full: 1, total: 1 });
    expect((await http.get('/api/distribution/monitor', { cookie: op })).status).toBe(403);
  });
});
