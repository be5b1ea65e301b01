import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CODE, newVisitor } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';

let ctx: TestContext;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
});
afterAll(() => ctx.close());

describe('web chat visitor API', () => {
  it('serves the public configuration of a code, and 404 for an unknown one', async () => {
    const r = await http.get(`/api/webchat/${DEMO_CODE}/config`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: DEMO_CODE, title: 'Empresa Demo', button: 'Iniciar conversa' });
    expect((r.body.fields as { name: string }[]).map((f) => f.name)).toEqual([
      'nome',
      'email',
      'telefone',
      'assunto',
    ]);
    expect(r.body).not.toHaveProperty('sector_id');
    expect((await http.get('/api/webchat/naoexiste/config')).status).toBe(404);
  });

  it('validates the form with the configured fields', async () => {
    const empty = await http.post(`/api/webchat/${DEMO_CODE}/visitors`, { body: { form: { nome: '  ' } } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Campo Nome obrigatório!');
    const badSelect = await http.post(`/api/webchat/${DEMO_CODE}/visitors`, {
      body: { form: { nome: 'Carla', assunto: 'Outro' } },
    });
    expect(badSelect.status).toBe(400);
    expect(badSelect.body.message).toBe('Campo Assunto é inválido!');
    const badPhone = await http.post(`/api/webchat/${DEMO_CODE}/visitors`, {
      body: { form: { nome: 'Carla', telefone: 'abc' } },
    });
    expect(badPhone.body.message).toBe('Campo Telefone é inválido!');
  });

  it('stores the first message in a new attendance with a protocol, idempotently by client id', async () => {
    const v = await newVisitor(ctx, 'Carla Cliente');
    const before = await v.state();
    expect(before.body).toMatchObject({ name: 'Carla Cliente', state: 'none', messages: [] });

    const first = await v.send('Olá, quero um orçamento', 'cliente-msg-0001');
    expect(first.status).toBe(200);
    expect(first.body.protocol).toMatch(/^\d{14}$/);
    const again = await v.send('Olá, quero um orçamento', 'cliente-msg-0001');
    expect(again.body.duplicate).toBe(true);
    expect(again.body.message).toEqual(first.body.message);

    const state = await v.state();
    expect(state.body.state).toBe('open');
    expect((state.body.messages as unknown[]).length).toBe(1);

    const op = await http.login(OPERATOR);
    const list = await http.get('/api/attendances', { cookie: op });
    const card = (
      list.body.items as { name: string; unread_count: number; channel_kind: string; card_id: string }[]
    ).find((c) => c.name === 'Carla Cliente');
    expect(card).toMatchObject({ unread_count: 1, channel_kind: 'web' });
    expect(card?.card_id).toMatch(/^web_\d+_[0-9a-f-]{36}$/);
  });

  it('answers cross-origin requests of customer sites (CORS), preflight included', async () => {
    const pre = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/webchat/visitor/messages',
      headers: {
        origin: 'https://loja.exemplo.com.br',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-visitor-token',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(String(pre.headers['access-control-allow-headers'])).toContain('x-visitor-token');
    const cfg = await ctx.app.inject({
      method: 'GET',
      url: `/api/webchat/${DEMO_CODE}/config`,
      headers: { origin: 'https://loja.exemplo.com.br' },
    });
    expect(cfg.headers['access-control-allow-origin']).toBe('*');
    // The operators' API stays same-origin.
    const op = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { origin: 'https://loja.exemplo.com.br' },
    });
    expect(op.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('after a finalization, a retried message is not stored again and opens nothing; the visitor keeps the whole conversation', async () => {
    const v = await newVisitor(ctx, 'Elisa');
    await v.send('primeira', 'elisa-msg-0001');
    const admin = await http.login(ADMIN);
    const list = await http.get('/api/attendances', { cookie: admin });
    const card = (list.body.items as { id: number; name: string; sector_id: number }[]).find(
      (c) => c.name === 'Elisa',
    );
    const statuses = (await http.get('/api/statuses', { cookie: admin })).body as unknown as {
      id: number;
      should_close: number;
    }[];
    const me = (await http.get('/api/auth/me', { cookie: admin })).body as { id: number; companyId: number };
    await http.post(`/api/set-status/${me.companyId}/${card?.sector_id}/${me.id}`, {
      cookie: admin,
      body: { status: statuses.find((s) => s.should_close === 1)?.id, contact: card?.id },
    });
    const retry = await v.send('primeira', 'elisa-msg-0001');
    expect(retry.body.duplicate).toBe(true);
    const open = (await http.get('/api/attendances', { cookie: admin })).body.items as { name: string }[];
    expect(open.some((c) => c.name === 'Elisa')).toBe(false);
    await v.send('segunda conversa', 'elisa-msg-0002');
    const state = await v.state();
    expect((state.body.messages as { text: string }[]).map((m) => m.text)).toEqual([
      'primeira',
      'segunda conversa',
    ]);
    expect(state.body.state).toBe('open');
  });

  it('refuses an empty message and an unknown visitor token', async () => {
    const v = await newVisitor(ctx, 'Dora');
    const empty = await v.send('   ');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Sua mensagem está vazia.');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/webchat/visitor/state',
      headers: { 'x-visitor-token': 'x'.repeat(43) },
    });
    expect(res.statusCode).toBe(401);
  });

  it('serves the widget script for a code and the demo page with it', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/webchat/naoexiste.js' });
    expect(unknown.statusCode).toBe(404);
    const page = await ctx.app.inject({ method: 'GET', url: '/demo/webchat' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<script src="/webchat/${DEMO_CODE}.js" async></script>`);
  });
});

describe('web chat administration', () => {
  it('managers create, edit and delete web chats of their company only; operators cannot', async () => {
    const mg = await http.login(MANAGER);
    const sectors = (await http.get('/api/sectors', { cookie: mg })).body as unknown as { id: number }[];
    const missing = await http.post('/api/webchats', {
      cookie: mg,
      body: { name: '', sector_id: sectors[0]?.id },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('O campo "Nome" é obrigatório!');
    const noSector = await http.post('/api/webchats', { cookie: mg, body: { name: 'Loja' } });
    expect(noSector.body.message).toBe('Selecione um setor.');
    const emptyList = await http.post('/api/webchats', {
      cookie: mg,
      body: {
        name: 'Loja',
        sector_id: sectors[0]?.id,
        custom_data: { fields: [{ name: 'assunto', label: 'Assunto', type: 'select', options: [] }] },
      },
    });
    expect(emptyList.status).toBe(400);
    expect(emptyList.body.message).toBe('Informe ao menos uma opção para a lista.');

    const created = await http.post('/api/webchats', {
      cookie: mg,
      body: {
        name: 'Loja virtual',
        sector_id: sectors[1]?.id,
        custom_data: {
          color: '#FF0000',
          fields: [{ name: 'nome', label: 'Seu nome', type: 'text', required: true }],
        },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const id = created.body.id as number;
    const cfg = await http.get(`/api/webchat/${created.body.code}/config`);
    expect(cfg.body.color).toBe('#FF0000');

    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(`/api/webchats/${id}`, { cookie: other })).status).toBe(404);
    expect(
      (await http.put(`/api/webchats/${id}`, { cookie: other, body: { name: 'x', sector_id: 1 } })).status,
    ).toBe(404);
    expect((await http.get('/api/webchats', { cookie: await http.login(OPERATOR) })).status).toBe(403);

    const edited = await http.put(`/api/webchats/${id}`, {
      cookie: mg,
      body: { name: 'Loja nova', sector_id: sectors[1]?.id },
    });
    expect(edited.body.name).toBe('Loja nova');
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/webchats/${id}`,
      headers: { cookie: mg },
    });
    expect(del.statusCode).toBe(200);
    expect((await http.get(`/api/webchat/${created.body.code}/config`)).status).toBe(404);
    const admin = await http.login(ADMIN);
    expect(((await http.get('/api/webchats', { cookie: admin })).body as unknown as unknown[]).length).toBe(
      1,
    );
  });
});
