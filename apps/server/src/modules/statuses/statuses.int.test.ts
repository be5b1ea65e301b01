import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';
import { sectors as sectorsTable, statuses as statusesTable } from '../../db/schema/organization';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let demo: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let base: string;

type Status = {
  id: number;
  name: string;
  should_close: number;
  use_in_bot: boolean;
  should_require: boolean;
  color: string;
  message: string | null;
  sectors: number[];
};

async function send(method: 'PATCH' | 'DELETE', url: string, cookie: string, body?: unknown) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { cookie },
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

async function list(cookie = admin) {
  const r = await http.get(base, { cookie });
  expect(r.status).toBe(200);
  return r.body as unknown as Status[];
}

async function chatStatuses(query = '') {
  const r = await http.get(`/api/statuses${query}`, { cookie: admin });
  return r.body as unknown as { id: number; name: string }[];
}

const valid = () => ({
  name: 'Aguardando documentos',
  should_close: 0,
  should_require: true,
  message: 'Envie os documentos, por favor.',
  sectors: [demo.sector('Comercial')],
});

async function setChatbots(on: boolean) {
  const current = await http.get('/api/company/metadata', { cookie: admin });
  const meta = current.body as { allow: Record<string, boolean> };
  const r = await http.put('/api/company/metadata', {
    cookie: admin,
    body: { ...meta, allow: { ...meta.allow, chatbots: on } },
  });
  expect(r.status).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  demo = await demoIds(ctx);
  admin = await http.login(ADMIN);
  base = `/api/companies/${demo.companyId}/statuses`;
});
afterAll(() => ctx.close());

describe('status', () => {
  it('lists every field with the linked sectors', async () => {
    const statuses = await list();
    expect(statuses.map((s) => s.name).sort()).toEqual(
      [
        'Aguardando retorno do cliente',
        'Em negociação',
        'Resolvido',
        'Sem retorno do cliente',
        'Venda realizada',
      ].sort(),
    );
    const resolved = statuses.find((s) => s.name === 'Resolvido');
    expect(resolved?.should_close).toBe(1);
    expect(resolved?.sectors.sort()).toEqual(
      [demo.sector('Comercial'), demo.sector('Suporte'), demo.sector('Financeiro')].sort(),
    );
  });

  it('validates with the spec texts', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid(), name: '' }, 'Nome é obrigatório'],
      [{ ...valid(), name: undefined }, 'Nome é obrigatório'],
      [{ ...valid(), color: 'zzzzzz' }, 'Cor inválida.'],
      [{ ...valid(), color: 'FFF' }, 'Cor inválida.'],
      [{ ...valid(), sectors: [] }, 'Selecione ao menos um setor.'],
      [{ ...valid(), sectors: undefined }, 'Selecione ao menos um setor.'],
      [{ ...valid(), message: 'x'.repeat(1001) }, 'A mensagem deve ter no máximo 1000 caracteres.'],
      [{ ...valid(), sectors: [0] }, 'Setor inválido.'],
      [{ ...valid(), sectors: [-1] }, 'Setor inválido.'],
    ];
    for (const [body, message] of cases) {
      const r = await http.post(base, { cookie: admin, body });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    // A sector of another company is not one of this company's sectors.
    const [other] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
    const [foreign] = await ctx.db
      .select()
      .from(sectorsTable)
      .where(eq(sectorsTable.companyId, other?.id ?? 0));
    const r = await http.post(base, { cookie: admin, body: { ...valid(), sectors: [foreign?.id] } });
    expect(r.body.message).toBe('Setor inválido.');
    expect((await list()).map((s) => s.name)).not.toContain('Aguardando documentos');
  });

  it('creates with the default colour D2D2D2, or the chosen one stored without #', async () => {
    const created = await http.post(base, { cookie: admin, body: valid() });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Status criado com sucesso!');
    const status = created.body.status as Status;
    expect(status).toMatchObject({
      name: 'Aguardando documentos',
      should_close: 0,
      should_require: true,
      use_in_bot: false,
      color: 'D2D2D2',
      message: 'Envie os documentos, por favor.',
      sectors: [demo.sector('Comercial')],
    });
    const colored = await http.post(base, {
      cookie: admin,
      body: { ...valid(), name: 'Venda perdida', should_close: 1, color: '#e03131', message: '' },
    });
    expect(colored.status).toBe(200);
    expect(colored.body.status).toMatchObject({ color: 'E03131', message: null, should_close: 1 });
  });

  it('offers a status only in its sectors (chat and "statuses by sector")', async () => {
    const status = (await list()).find((s) => s.name === 'Aguardando documentos');
    if (!status) throw new Error('status não criado');
    const inComercial = await chatStatuses(`?sector_id=${demo.sector('Comercial')}`);
    const inSuporte = await chatStatuses(`?sector_id=${demo.sector('Suporte')}`);
    expect(inComercial.map((s) => s.id)).toContain(status.id);
    expect(inSuporte.map((s) => s.id)).not.toContain(status.id);

    const bySector = await http.get(
      `/api/companies/${demo.companyId}/sectors/${demo.sector('Suporte')}/statuses`,
      { cookie: admin },
    );
    expect(bySector.status).toBe(200);
    expect((bySector.body as unknown as Status[]).map((s) => s.id)).not.toContain(status.id);
    expect((bySector.body as unknown as Status[]).map((s) => s.name)).toContain('Resolvido');
    const special = await http.get(`/api/companies/${demo.companyId}/sectors/0/statuses`, { cookie: admin });
    expect(special.status).toBe(404);

    const moved = await send('PATCH', `${base}/${status.id}`, admin, {
      ...valid(),
      name: 'Aguardando documentos do cliente',
      sectors: [demo.sector('Suporte'), demo.sector('Financeiro')],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Status atualizado com sucesso!');
    expect((moved.body.status as Status).sectors.sort()).toEqual(
      [demo.sector('Suporte'), demo.sector('Financeiro')].sort(),
    );
    expect((await chatStatuses(`?sector_id=${demo.sector('Suporte')}`)).map((s) => s.id)).toContain(
      status.id,
    );
    expect((await chatStatuses(`?sector_id=${demo.sector('Comercial')}`)).map((s) => s.id)).not.toContain(
      status.id,
    );
  });

  it('accepts the chatbot option only when the company allows chatbots', async () => {
    const refused = await http.post(base, {
      cookie: admin,
      body: { ...valid(), name: 'Bot', use_in_bot: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A empresa não permite chatbots.');
    const status = (await list()).find((s) => s.name === 'Resolvido');
    if (!status) throw new Error('Resolvido não existe');
    const edit = await send('PATCH', `${base}/${status.id}`, admin, { ...status, use_in_bot: true });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('A empresa não permite chatbots.');

    await setChatbots(true);
    const accepted = await http.post(base, {
      cookie: admin,
      body: { ...valid(), name: 'Bot', use_in_bot: true },
    });
    expect(accepted.status).toBe(200);
    expect((accepted.body.status as Status).use_in_bot).toBe(true);
    // Chatbots switched off later: the status keeps its option when edited, but no new one gets it.
    await setChatbots(false);
    const bot = accepted.body.status as Status;
    const kept = await send('PATCH', `${base}/${bot.id}`, admin, { ...bot, name: 'Bot atendimento' });
    expect(kept.status).toBe(200);
    expect((kept.body.status as Status).use_in_bot).toBe(true);
  });

  it('deletes softly: gone from the lists and the chat, the row stays for the history', async () => {
    const status = (await list()).find((s) => s.name === 'Venda perdida');
    if (!status) throw new Error('Venda perdida não existe');
    const r = await send('DELETE', `${base}/${status.id}`, admin);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'Status excluído com sucesso!', should_close: 1 });
    expect((await list()).map((s) => s.id)).not.toContain(status.id);
    expect((await chatStatuses()).map((s) => s.id)).not.toContain(status.id);
    const [row] = await ctx.db
      .select()
      .from(statusesTable)
      .where(and(eq(statusesTable.companyId, demo.companyId), eq(statusesTable.id, status.id)));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await send('DELETE', `${base}/${status.id}`, admin)).status).toBe(404);
    expect((await send('PATCH', `${base}/${status.id}`, admin, valid())).status).toBe(404);
  });

  it('refuses to delete a status the attendance rules point at', async () => {
    const finalize = demo.status('Sem retorno do cliente');
    const rules = await http.put('/api/attendance-rules', {
      cookie: admin,
      body: {
        time_waiting_client_to_finalize: 1800,
        status_waiting_client_to_finalize: finalize,
        time_waiting_client_to_busy_client: null,
        change_status_when_busy_client: '0',
        status_busy_client: null,
        time_waiting_client_to_poke_client: null,
        show_poke_options: false,
        remove_chats_logout: false,
      },
    });
    expect(rules.status).toBe(200);
    const r = await send('DELETE', `${base}/${finalize}`, admin);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      'Não é possível excluir o status: ele é usado nas configurações (Regras de atendimento).',
    );
    expect((await list()).map((s) => s.id)).toContain(finalize);
  });

  it('needs the status module to write, 404 for another company, 403 for operators', async () => {
    const managerId = demo.user(MANAGER);
    await http.post(`/api/companies/${demo.companyId}/permissions`, {
      cookie: admin,
      body: {
        type: 'user',
        id: managerId,
        permissions: { remove: [], read: ['setores_de_atendimento', 'status_de_atendimento'], write: [] },
      },
    });
    const manager = await http.login(MANAGER);
    expect((await http.get(base, { cookie: manager })).status).toBe(200);
    const create = await http.post(base, { cookie: manager, body: { ...valid(), name: 'Gestor' } });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('Você não tem permissão de alteração');
    const [first] = await list();
    const del = await send('DELETE', `${base}/${first?.id}`, manager);
    expect(del.status).toBe(403);
    await send('DELETE', `/api/companies/${demo.companyId}/permissions/user/${managerId}`, admin);

    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(base, { cookie: other })).status).toBe(404);
    expect((await send('PATCH', `${base}/${first?.id}`, other, valid())).status).toBe(404);
    expect((await send('DELETE', `${base}/${first?.id}`, other)).status).toBe(404);

    const operator = await http.login(OPERATOR);
    expect((await http.get(base, { cookie: operator })).status).toBe(403);
    expect((await http.post(base, { cookie: operator, body: valid() })).status).toBe(403);
  });
});
