import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
});
afterAll(() => ctx.close());

describe('automatic distribution settings (/auto-dist)', () => {
  it('refuses to turn on without a limit per operator, with the spec text', async () => {
    const mg = await http.login(MANAGER);
    const r = await http.post('/api/auto-dist', {
      cookie: mg,
      body: { enabled: true, chat_per_user: 0, allow_if_client_not_respond: false },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Informe qual o número máximo de atendimentos por operador.');
    expect((await http.get('/api/auto-dist', { cookie: mg })).body).toMatchObject({
      enabled: false,
      chat_per_user: 0,
    });
  });

  it('saves the defaults as they are: on with 2 per operator and nothing else changed', async () => {
    const mg = await http.login(MANAGER);
    const defaults = (await http.get('/api/auto-dist', { cookie: mg })).body;
    // "Clients that do not answer" needs the busy-client time, which a new company has not set: off.
    expect(defaults).toMatchObject({ enabled: false, allow_if_client_not_respond: false });
    const r = await http.put('/api/auto-dist', {
      cookie: mg,
      body: {
        enabled: true,
        chat_per_user: 2,
        allow_if_answered: defaults.allow_if_answered,
        allow_if_client_not_respond: defaults.allow_if_client_not_respond,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.config).toMatchObject({ enabled: true, chat_per_user: 2 });
    // A body without the option keeps it off, too.
    const bare = await http.put('/api/auto-dist', { cookie: mg, body: { enabled: true, chat_per_user: 2 } });
    expect(bare.status).toBe(200);
    expect(bare.body.config).toMatchObject({ allow_if_client_not_respond: false });
    await http.put('/api/auto-dist', { cookie: mg, body: { enabled: false, chat_per_user: 0 } });
  });

  it('"client not responding" needs the busy-client time of the attendance rules', async () => {
    const mg = await http.login(MANAGER);
    const r = await http.put('/api/auto-dist', {
      cookie: mg,
      body: { enabled: true, chat_per_user: 3, allow_if_client_not_respond: true },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/tempo de cliente ocupado/);
    // The refusal names its field, so the screen shows it there.
    expect(r.body.field).toBe('allow_if_client_not_respond');
    expect((await http.get('/api/auto-dist', { cookie: mg })).body).toMatchObject({ enabled: false });
  });

  it('turning it on forces triage MANAGER: operators then see only their own cards', async () => {
    const mg = await http.login(MANAGER);
    const ok = await http.put('/api/auto-dist', {
      cookie: mg,
      body: { enabled: true, chat_per_user: 3, allow_if_client_not_respond: false },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Configuração alterada com sucesso!');
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, ids.companyId));
    expect(((company?.metadata ?? {}) as { auto_dist?: { on?: boolean } }).auto_dist?.on).toBe(true);
    const features = await http.get('/api/company/features', { cookie: await http.login(OPERATOR) });
    expect(features.body).toMatchObject({ triage: 'MANAGER', auto_dist: true });
    expect((await http.get('/api/auto-dist', { cookie: await http.login(OPERATOR) })).status).toBe(403);
  });

  it('returns attendances to the queue, the front queue first', async () => {
    const admin = await http.login(ADMIN);
    const v = await newVisitor(ctx, 'Fila');
    await v.send('oi');
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Fila'));
    await http.post(`/api/attendances/${row?.id}/switch-operator`, {
      cookie: admin,
      body: { operator_id: ids.user(OPERATOR) },
    });
    const r = await http.post('/api/automaticDistribution/front-queue', {
      cookie: admin,
      body: { ids: [row?.id] },
    });
    expect(r.body).toEqual({ message: 'Atendimentos devolvidos para a fila.', count: 1 });
    const [after] = await ctx.db
      .select()
      .from(attendances)
      .where(eq(attendances.id, row?.id ?? 0));
    expect(after).toMatchObject({ operatorAssignedId: null, priority: 1 });
    const empty = await http.post('/api/automaticDistribution/queue', { cookie: admin, body: { ids: [] } });
    expect(empty.body.message).toBe('Selecione ao menos um atendimento.');
  });
});
