import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { statuses } from '../../db/schema/organization';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let mg: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  mg = await http.login(MANAGER);
});
afterAll(() => ctx.close());

type NC = { id: number; code: string; settings: Record<string, unknown> };

async function create(settings: Record<string, unknown> = {}, name = 'Loja Online') {
  const r = await http.post('/api/newchats', {
    cookie: mg,
    body: { name, sector_id: ids.sector('Suporte'), settings },
  });
  expect(r.status).toBe(200);
  return r.body as unknown as NC;
}

async function upload(kind: 'image' | 'pdf', id: number, data: Buffer, cookie = mg) {
  const body = multipart([
    { name: 'id', value: String(id) },
    { name: 'file', filename: kind === 'image' ? 'icone.png' : 'termos.pdf', data },
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/newchat-upload/${kind}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

async function visitor(code: string, form: Record<string, string>, accepted_terms?: boolean) {
  const r = await http.post(`/api/newchat/${code}/visitors`, { body: { form, accepted_terms } });
  const token = r.body.token as string;
  const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const res = await ctx.app.inject({ method, url, headers: { 'x-visitor-token': token }, payload });
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
  };
  return {
    start: r,
    token,
    send: (text: string) =>
      call('POST', '/api/webchat/visitor/messages', {
        text,
        client_id: `c${Math.random().toString(36).slice(2, 12)}`,
      }),
    state: () => call('GET', '/api/webchat/visitor/state'),
    queue: () => call('GET', '/api/newchat/visitor/queue'),
    finish: () => call('POST', '/api/newchat/visitor/finish'),
  };
}

describe('NewChat channels (manager+, company scoped)', () => {
  it('validates with the spec texts and changes nothing on bad input', async () => {
    const before = (await http.get('/api/newchats', { cookie: mg })).body as unknown as unknown[];
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', sector_id: ids.sector('Suporte') }, 'Campo Nome do Canal é obrigatório!'],
      [{ name: 'X', sector_id: null }, 'Campo Setor é obrigatório!'],
      [{ name: 'X', sector_id: 999999 }, 'Campo Setor é obrigatório!'],
      [
        { name: 'X', sector_id: ids.sector('Suporte'), settings: { hasFinish: true } },
        'Campo Status de finalização é obrigatório!',
      ],
      [
        // A classification status is not a finishing one.
        {
          name: 'X',
          sector_id: ids.sector('Suporte'),
          settings: { hasFinish: true, finishStatus: ids.status('Em negociação') },
        },
        'Campo Status de finalização é obrigatório!',
      ],
      [
        {
          name: 'X',
          sector_id: ids.sector('Suporte'),
          settings: { hasQueue: true, queueMessage: 'Aguarde' },
        },
        'A mensagem da fila deve conter {{fila}}.',
      ],
      [
        {
          name: 'X',
          sector_id: ids.sector('Suporte'),
          settings: { hasTermsOfUse: true, termsOfUseType: 'text' },
        },
        'Campo Texto dos termos de uso é obrigatório!',
      ],
      [
        {
          name: 'X',
          sector_id: ids.sector('Suporte'),
          settings: { hasTermsOfUse: true, termsOfUseType: 'file' },
        },
        'Campo Título dos termos de uso é obrigatório!',
      ],
    ];
    for (const [body, message] of cases) {
      const r = await http.post('/api/newchats', { cookie: mg, body });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const after = (await http.get('/api/newchats', { cookie: mg })).body as unknown as unknown[];
    expect(after.length).toBe(before.length);
  });

  it('creates with phone and name by default, edits, isolates companies and removes', async () => {
    const n = await create({ title: 'Loja', hasQueue: true, queueMessage: 'Você é o {{fila}}º' });
    expect(n.code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect((n.settings.form as { name: string }[]).map((f) => f.name)).toEqual(['name', 'phone']);
    const upd = await http.put(`/api/newchats/${n.id}`, {
      cookie: mg,
      body: {
        name: 'Loja 2',
        sector_id: ids.sector('Comercial'),
        settings: { ...n.settings, title: 'Nova' },
      },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ name: 'Loja 2', sector_id: ids.sector('Comercial'), type_id: 2 });

    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(`/api/newchats/${n.id}`, { cookie: other })).status).toBe(404);
    expect((await http.delete(`/api/newchats/${n.id}`, { cookie: other })).status).toBe(404);
    expect(((await http.get('/api/newchats', { cookie: other })).body as unknown as unknown[]).length).toBe(
      0,
    );
    const op = await http.login(OPERATOR);
    expect((await http.get('/api/newchats', { cookie: op })).status).toBe(403);

    const del = await http.delete(`/api/newchats/${n.id}`, { cookie: mg });
    expect(del.body.message).toBe('Canal removido com sucesso!');
    const again = await http.delete(`/api/newchats/${n.id}`, { cookie: mg });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Erro ao remover o newchat.');
    // Removed: the public page and config are gone.
    expect((await http.get(`/api/newchat/${n.code}/config`)).status).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/newchat/${n.code}` })).statusCode).toBe(404);
  });

  it('answers "Tipo de canal errado" for a Telegram id', async () => {
    const [tg] = await ctx.db
      .insert(channels)
      .values({
        companyId: ids.companyId,
        kind: 'tg',
        name: 'Bot',
        defaultSectorId: ids.sector('Suporte'),
        routeKey: 'bot-x1',
      })
      .returning();
    const r = await http.get(`/api/newchats/${tg?.id}`, { cookie: mg });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Tipo de canal errado');
  });

  it('uploads icons and the terms PDF, served publicly and in the manifest', async () => {
    const n = await create();
    expect((await upload('image', n.id, Buffer.from('<svg/>'))).body.message).toBe(
      'Erro ao realizar upload da imagem.',
    );
    const big = await upload('image', n.id, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect((await upload('pdf', n.id, PNG)).status).toBe(400);
    expect((await upload('image', n.id, PNG, await http.login(OTHER_ADMIN))).status).toBe(404);

    const img = await upload('image', n.id, PNG);
    expect(img.body).toMatchObject({ success: true });
    expect(img.body.url).toMatch(new RegExp(`^/api/newchat/${n.code}/files/img-\\d+\\.png$`));
    const pdf = await upload('pdf', n.id, PDF);
    const saved = await http.put(`/api/newchats/${n.id}`, {
      cookie: mg,
      body: {
        name: 'Loja',
        sector_id: ids.sector('Suporte'),
        settings: {
          ...n.settings,
          title: 'Loja <b>Online</b>',
          description: 'Atendimento',
          baseColor: '#AA2200',
          img192: img.body.url,
          img512: img.body.url,
          hasTermsOfUse: true,
          termsOfUseType: 'file',
          termsOfUseTitle: 'Termos de uso',
          termsOfUseFile: pdf.body.url,
        },
      },
    });
    expect(saved.status).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: String(img.body.url) });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const doc = await ctx.app.inject({ method: 'GET', url: String(pdf.body.url) });
    expect(doc.headers['content-type']).toBe('application/pdf');

    const manifest = await ctx.app.inject({ method: 'GET', url: `/newchat/${n.code}/manifest.webmanifest` });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(JSON.parse(manifest.body)).toMatchObject({
      name: 'Loja <b>Online</b>',
      description: 'Atendimento',
      theme_color: '#AA2200',
      display: 'standalone',
      start_url: `/newchat/${n.code}`,
      icons: [
        { src: img.body.url, sizes: '192x192' },
        { src: img.body.url, sizes: '512x512' },
      ],
    });
    const page = await ctx.app.inject({ method: 'GET', url: `/newchat/${n.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="manifest" href="/newchat/${n.code}/manifest.webmanifest">`);
    expect(page.body).toContain('<title>Loja &#60;b&#62;Online&#60;/b&#62;</title>');
    expect(page.body).toContain(`<script src="/newchat/${n.code}/app.js">`);
    const launcher = await ctx.app.inject({ method: 'GET', url: `/newchat/${n.code}.js` });
    expect(launcher.headers['content-type']).toContain('application/javascript');
    expect(launcher.body).toContain(`"url":"http://prosa.test/newchat/${n.code}"`);
    expect(launcher.body).toContain('"color":"#AA2200"');
  });

  it('serves the public config of live channels only, without ids', async () => {
    const n = await create({ hasFinish: true, finishStatus: ids.status('Resolvido') });
    const cfg = await http.get(`/api/newchat/${n.code}/config`);
    expect(cfg.status).toBe(200);
    expect(cfg.body).not.toHaveProperty('finishStatus');
    expect(cfg.body).not.toHaveProperty('sector_id');
    expect(cfg.body).toMatchObject({ hasFinish: true, title: 'Loja Online' });
    await ctx.db.update(channels).set({ active: false }).where(eq(channels.id, n.id));
    expect((await http.get(`/api/newchat/${n.code}/config`)).status).toBe(404);
    // A web chat code is not a NewChat.
    expect((await http.get('/api/newchat/demo-empresa/config')).status).toBe(404);
  });
});

describe('NewChat visitor', () => {
  it('needs the form and the terms, and puts the answers first when showFormMessage', async () => {
    const n = await create({
      hasTermsOfUse: true,
      termsOfUseType: 'text',
      termsOfUseText: 'Seus dados serão usados para o atendimento.',
      showFormMessage: true,
    });
    const noTerms = await visitor(n.code, { name: 'Lia', phone: '11 98888-7777' });
    expect(noTerms.start.status).toBe(400);
    expect(noTerms.start.body.message).toBe('Aceite os termos de uso para continuar.');
    const noPhone = await visitor(n.code, { name: 'Lia' }, true);
    expect(noPhone.start.body.message).toBe('Informe um telefone válido.');

    const v = await visitor(n.code, { name: 'Lia', phone: '11 98888-7777' }, true);
    expect(v.start.status).toBe(200);
    const state = await v.state();
    expect(state.body.state).toBe('open');
    await v.send('Quero trocar um produto');
    const op = await http.login(OPERATOR);
    const list = await http.get('/api/attendances', { cookie: op });
    const card = (list.body.items as { id: number; name: string; card_id: string }[]).find(
      (c) => c.name === 'Lia',
    );
    expect(card?.card_id).toMatch(/^nc_\d+_/);
    const msgs = await http.get(`/api/attendances/${card?.id}/messages`, { cookie: op });
    const list2 = (msgs.body.items ?? msgs.body.messages) as { id: number; text: string }[];
    const first = [...list2].sort((x, y) => x.id - y.id).map((m) => m.text);
    // The answers are the conversation's first message, before what the visitor wrote.
    expect(first).toEqual(['Nome: Lia\nTelefone: 11 98888-7777', 'Quero trocar um produto']);
  });

  it('finishes with the channel finishing status when hasFinish', async () => {
    await ctx.db
      .update(statuses)
      .set({ message: 'Obrigado por falar com a gente!' })
      .where(and(eq(statuses.companyId, ids.companyId), eq(statuses.id, ids.status('Resolvido'))));
    const n = await create({ hasFinish: true, finishStatus: ids.status('Resolvido') });
    const v = await visitor(n.code, { name: 'Rui', phone: '11 97777-6666' });
    await v.send('Oi');
    const done = await v.finish();
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Atendimento finalizado.');
    const [row] = await ctx.db
      .select()
      .from(attendances)
      .where(
        and(eq(attendances.companyId, ids.companyId), eq(attendances.protocol, String(done.body.protocol))),
      );
    expect(row?.closedAt).not.toBeNull();
    expect(row?.statusId).toBe(ids.status('Resolvido'));
    // The status's message reaches the visitor, as when an operator finalizes.
    const after = await v.state();
    expect(after.body.state).toBe('closed');
    expect((after.body.messages as { text: string }[]).map((m) => m.text)).toContain(
      'Obrigado por falar com a gente!',
    );
    expect((await v.finish()).status).toBe(409);

    const plain = await create();
    const w = await visitor(plain.code, { name: 'Sem', phone: '11 96666-5555' });
    await w.send('Oi');
    expect((await w.finish()).status).toBe(400);
  });

  it('tells the position in the sector queue, in the distribution order', async () => {
    const n = await create({ hasQueue: true, queueMessage: 'Posição {{fila}}' });
    const waitingBefore = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.companyId, ids.companyId), eq(attendances.sectorId, ids.sector('Suporte'))));
    const ahead = waitingBefore.filter((a) => !a.closedAt && a.operatorAssignedId === null).length;
    const a = await visitor(n.code, { name: 'Primeira', phone: '11 95555-4444' });
    expect((await a.queue()).body.position).toBeNull();
    await a.send('Oi');
    const b = await visitor(n.code, { name: 'Segunda', phone: '11 94444-3333' });
    await b.send('Oi');
    expect((await a.queue()).body.position).toBe(ahead + 1);
    expect((await b.queue()).body.position).toBe(ahead + 2);
    // A priority card goes first.
    const bState = await b.state();
    await ctx.db
      .update(attendances)
      .set({ priority: 1 })
      .where(
        and(eq(attendances.companyId, ids.companyId), eq(attendances.protocol, String(bState.body.protocol))),
      );
    expect((await b.queue()).body.position).toBe(1);
    expect((await a.queue()).body.position).toBe(ahead + 2);
  });
});
