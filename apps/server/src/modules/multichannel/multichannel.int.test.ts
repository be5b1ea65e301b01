import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MULTICHANNEL_MSG } from '@prosa/shared/multichannel';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/helpers/multipart';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';
import { DEMO_MULTICHANNEL_HASH, insertDemoMultichannel } from '../../seed/multichannel-samples';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let mg: string;
let other: string;
const ids = { waweb: 0, waweb2: 0, web: 0, fa: 0, tg: 0, nc: 0, otherWeb: 0 };
let webCode = '';

/** A channel row of a kind whose module another part owns (Facebook page, Telegram bot, NewChat). */
async function insertChannel(companyId: number, kind: string, name: string, routeKey: string, config = {}) {
  const [s] = await ctx.db.select().from(sectors).where(eq(sectors.companyId, companyId)).limit(1);
  const [row] = await ctx.db
    .insert(channels)
    .values({ companyId, kind, name, defaultSectorId: s?.id ?? 0, routeKey, config })
    .returning();
  return row?.id ?? 0;
}

let bundleDir = '';

beforeAll(async () => {
  // A bundle of its own: the test does not depend on apps/widget having been built before it.
  bundleDir = await mkdtemp(join(tmpdir(), 'prosa-multichannel-'));
  await writeFile(join(bundleDir, 'multichannel.js'), 'void 0;');
  ctx = await createTestContext({
    queue: false,
    inbox: false,
    multichannelWidgetFile: join(bundleDir, 'multichannel.js'),
  });
  http = api(ctx);
  mg = await http.login(MANAGER);
  other = await http.login(OTHER_ADMIN);
  const [demo] = await ctx.db.select().from(companies).where(eq(companies.domain, 'empresademo.com.br'));
  const [outra] = await ctx.db.select().from(companies).where(eq(companies.domain, 'outraempresa.com.br'));
  const demoId = demo?.id ?? 0;
  const sectorsRes = await ctx.db.select().from(sectors).where(eq(sectors.companyId, demoId)).limit(1);
  const sector = sectorsRes[0]?.id ?? 0;
  for (const [key, phone] of [
    ['waweb', '5511987654321'],
    ['waweb2', '5521912345678'],
  ] as const) {
    const r = await http.post('/api/channels/waweb', {
      cookie: mg,
      body: { name: `Número ${key}`, sector_id: sector, phone_number: phone },
    });
    expect(r.status).toBe(200);
    ids[key] = Number(r.body.id);
  }
  const [web] = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.companyId, demoId), eq(channels.kind, 'web'), isNull(channels.deletedAt)));
  ids.web = web?.id ?? 0;
  webCode = web?.routeKey ?? '';
  ids.fa = await insertChannel(demoId, 'fa', 'Página Demo', '100200300');
  ids.tg = await insertChannel(demoId, 'tg', 'Bot Demo', `tg-${randomUUID()}`, {
    username: 'demo_prosa_bot',
  });
  ids.nc = await insertChannel(demoId, 'nc', 'NewChat Demo', 'nc-demo-code');
  ids.otherWeb = await insertChannel(outra?.id ?? 0, 'web', 'Chat da Outra', `outra-${randomUUID()}`);
});
afterAll(async () => {
  await ctx.close();
  await rm(bundleDir, { recursive: true, force: true });
});

const full = () => ({
  name: 'Site principal',
  widget: {
    title: 'Fale com a Demo',
    welcome: 'Olá!',
    greeting: 'Escolha um canal',
    buttons: { web: 'Converse agora' },
  },
  payload: {
    waweb: { enabled: true, number: [ids.waweb, ids.waweb2], text_description: 'Resposta rápida' },
    fa: { enabled: true, facebook_user_id: '100200300' },
    telegram: { enabled: true, telegram_channel: ids.tg, user_telegram: '@demo_prosa_bot' },
    em: { enabled: true, email: 'contato@empresademo.com.br' },
    web: {
      enabled: true,
      webchat: ids.web,
      call_me_enabled: true,
      call_me: { text_description: 'Ligamos para você' },
    },
    nc: { enabled: true, newchat: ids.nc, show_in_hotsite: false },
    custom_links: [{ description: 'Nossa loja', url: 'https://loja.empresademo.com.br' }],
  },
});

/** A public page or file (not JSON). */
async function raw(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url });
  return { status: res.statusCode, html: res.body, headers: res.headers };
}

async function create(body: unknown, cookie = mg) {
  return http.post('/api/multichannel', { cookie, body });
}

describe('multichannel links', () => {
  it('creates, finds, updates and deletes a link; another company sees none of it', async () => {
    const r = await create(full());
    expect(r.status).toBe(200);
    const id = Number(r.body.id);
    const hash = String(r.body.hash);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((r.body.widget as { buttons_color: string }).buttons_color).toBe('#82DD52');

    const found = await http.get(`/api/multichannel/${id}`, { cookie: mg });
    expect(found.body.name).toBe('Site principal');

    const list = await http.get('/api/multichannel', { cookie: mg });
    const item = (list.body.items as { id: number; channels: string[] }[]).find((i) => i.id === id);
    expect(item?.channels).toEqual(['waweb', 'fa', 'telegram', 'em', 'web', 'nc']);

    expect((await http.get(`/api/multichannel/${id}`, { cookie: other })).status).toBe(404);
    const foreignPut = await http.put(`/api/multichannel/${id}`, {
      cookie: other,
      body: { ...full(), name: 'x' },
    });
    expect(foreignPut.status).toBe(404);
    expect((await http.delete(`/api/multichannel/${id}`, { cookie: other })).status).toBe(404);
    expect(((await http.get('/api/multichannel', { cookie: other })).body.items as unknown[]).length).toBe(0);

    const upd = await http.put(`/api/multichannel/${id}`, {
      cookie: mg,
      body: { ...full(), name: 'Renomeado' },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.hash).toBe(hash);
    expect((await http.get(`/api/multichannel/${id}`, { cookie: mg })).body.name).toBe('Renomeado');

    const del = await http.delete(`/api/multichannel/${id}`, { cookie: mg });
    expect(del.body.message).toBe(MULTICHANNEL_MSG.removed);
    const gone = await http.get(`/api/multichannel/${id}`, { cookie: mg });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Multicanal não encontrado.');
    const page = await raw(`/hotsite/${hash}`);
    expect(page.status).toBe(404);
    expect(page.html).toContain('Multicanal não encontrado.');
  });

  it('answers the spec texts for invalid links and changes nothing', async () => {
    const before = (await http.get('/api/multichannel', { cookie: mg })).body.total;
    const cases: [unknown, string][] = [
      [{ ...full(), name: ' ' }, 'Preencha o campo Nome.'],
      [{ name: 'x', payload: {} }, 'Configure e ative pelo menos um dos canais.'],
      [
        { name: 'x', payload: { em: { enabled: true, email: 'a@b.com' }, web: { call_me_enabled: true } } },
        'Selecione e ative um Web Chat.',
      ],
      [{ name: 'x', payload: { nc: { enabled: true } } }, 'Selecione e ative um Canal de NewChat.'],
      [{ name: 'x', payload: { waweb: { enabled: true } } }, 'Selecione pelo menos um número de whatsapp.'],
      [
        { ...full(), payload: { ...full().payload, custom_css: 'a{}</style><script>alert(1)</script>' } },
        'O campo de CSS possui dados não permitidos.',
      ],
      [
        {
          ...full(),
          payload: { ...full().payload, custom_links: [{ description: 'Loja', url: 'loja.com' }] },
        },
        'O campo Endereço contém uma URL inválida. Inclua o protocolo http:// ou https:// no endereço.',
      ],
    ];
    for (const [body, message] of cases) {
      const r = await create(body);
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    for (const junk of [[], { name: 1 }, { name: 'x', payload: { waweb: { number: [-1] } } }]) {
      expect((await create(junk)).status).toBe(400);
    }
    expect((await http.get('/api/multichannel', { cookie: mg })).body.total).toBe(before);
  });

  it('refuses a channel of another company or of another kind', async () => {
    const foreign = await create({ name: 'x', payload: { web: { enabled: true, webchat: ids.otherWeb } } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(MULTICHANNEL_MSG.channelInvalid);
    const wrongKind = await create({ name: 'x', payload: { waweb: { enabled: true, number: [ids.web] } } });
    expect(wrongKind.status).toBe(400);
    const page = await create({ name: 'x', payload: { fa: { enabled: true, facebook_user_id: '999' } } });
    expect(page.status).toBe(400);
  });

  it('is for managers and above', async () => {
    const op = await http.login(OPERATOR);
    expect((await http.get('/api/multichannel', { cookie: op })).status).toBe(403);
    expect((await create(full(), op)).status).toBe(403);
    expect((await http.get('/api/multichannel')).status).toBe(401);
    const admin = await http.login(ADMIN);
    expect((await http.get('/api/multichannel', { cookie: admin })).status).toBe(200);
  });

  it('pages 50 per page and searches by name', async () => {
    for (let i = 0; i < 52; i++) expect((await create({ ...full(), name: `Lote ${i}` })).status).toBe(200);
    const p1 = await http.get('/api/multichannel?page=1', { cookie: mg });
    expect((p1.body.items as unknown[]).length).toBe(50);
    expect(p1.body.per_page).toBe(50);
    const total = Number(p1.body.total);
    const p2 = await http.get('/api/multichannel?page=2', { cookie: mg });
    expect((p2.body.items as unknown[]).length).toBe(total - 50);
    const found = await http.get(`/api/multichannel?search=${encodeURIComponent('Lote 51')}`, { cookie: mg });
    expect((found.body.items as { name: string }[]).map((i) => i.name)).toEqual(['Lote 51']);
    expect((await http.get('/api/multichannel?page=0', { cookie: mg })).status).toBe(400);
  });

  it('lists the company channels a link can pick', async () => {
    const r = await http.get('/api/multichannel/channels', { cookie: mg });
    const list = r.body as unknown as { id: number; kind: string; detail: string }[];
    expect(list.find((o) => o.id === ids.waweb)?.detail).toBe('5511987654321');
    expect(list.find((o) => o.id === ids.tg)?.detail).toBe('demo_prosa_bot');
    expect(list.some((o) => o.id === ids.otherWeb)).toBe(false);
  });
});

describe('hotsite and public data', () => {
  it('lists exactly the enabled channels shown on the hotsite, in order, with their links', async () => {
    const body = full();
    body.payload.fa = { ...body.payload.fa, enabled: false };
    const r = await create(body);
    const hash = String(r.body.hash);
    const page = await raw(`/hotsite/${hash}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.html;
    const hrefs = [
      ...html.matchAll(/class="mc-btn mc-btn-(\w+)"(?: href="([^"]*)")?(?: data-webchat="([^"]*)")?/g),
    ].map((m) => `${m[1]} ${m[2] ?? m[3]}`);
    expect(hrefs).toEqual([
      'waweb https://wa.me/5511987654321',
      'waweb https://wa.me/5521912345678',
      'telegram https://t.me/demo_prosa_bot',
      'em mailto:contato@empresademo.com.br',
      `web ${webCode}`,
      `call_me ${webCode}`,
      'link https://loja.empresademo.com.br',
    ]);
    expect(html).toContain(`<script src="/webchat/${webCode}.js" async></script>`);
    expect(html).toContain('Converse agora');
    expect(html).toContain('Ligamos para você');
    expect(html).not.toContain('m.me');
    expect(html).not.toContain('/newchat/');

    const pub = await http.get(`/api/multichannel/public/${hash}`);
    expect(pub.status).toBe(200);
    expect(pub.res.headers['access-control-allow-origin']).toBe('*');
    const buttons = pub.body.buttons as { type: string; href: string | null }[];
    expect(buttons.map((b) => b.type)).toEqual([
      'waweb',
      'waweb',
      'telegram',
      'em',
      'web',
      'call_me',
      'link',
    ]);
    expect(JSON.stringify(pub.body)).not.toContain('Site principal');
    expect(Object.keys(pub.body).sort()).toEqual(
      ['buttons', 'colors', 'greeting', 'hash', 'hotsite_url', 'logo_url', 'title', 'welcome'].sort(),
    );

    // NewChat shown: same tab; Facebook page: m.me.
    const shown = full();
    shown.payload.nc = { ...shown.payload.nc, show_in_hotsite: true };
    const h2 = String((await create(shown)).body.hash);
    const html2 = (await raw(`/hotsite/${h2}`)).html;
    expect(html2).toContain('href="https://m.me/100200300"');
    expect(html2).toContain('href="/newchat/nc-demo-code"');
  });

  it('escapes hostile texts and keeps valid custom CSS', async () => {
    const evil = '<img src=x onerror=alert(1)>"\'';
    const r = await create({
      name: evil,
      widget: { title: evil, welcome: evil, greeting: evil, buttons: { em: evil } },
      payload: {
        em: { enabled: true, email: 'a@b.com', text_description: evil },
        custom_css: '.mc-title { color: #123456 }',
        custom_links: [{ description: evil, url: 'https://ok.com/"><script>' }],
      },
    });
    expect(r.status).toBe(200);
    const html = (await raw(`/hotsite/${String(r.body.hash)}`)).html;
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('"><script>');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('<style>.mc-title { color: #123456 }</style>');
  });

  it('turning the hotsite off hides the page but not the widget data; unknown hashes are 404', async () => {
    const body = full();
    const intro = await create({
      ...body,
      payload: { ...body.payload, hotsite: { enabled: true, text_description: 'Atendemos das 8h às 18h' } },
    });
    expect((await raw(`/hotsite/${String(intro.body.hash)}`)).html).toContain(
      '<p class="mc-intro">Atendemos das 8h às 18h</p>',
    );
    const r = await create({ ...body, payload: { ...body.payload, hotsite: { enabled: false } } });
    const hash = String(r.body.hash);
    expect((await raw(`/hotsite/${hash}`)).status).toBe(404);
    const pub = await http.get(`/api/multichannel/public/${hash}`);
    expect(pub.status).toBe(200);
    expect(pub.body.hotsite_url).toBeNull();
    for (const bad of ['nao-existe-123', '<script>', 'a'.repeat(90)]) {
      const p = await raw(`/hotsite/${encodeURIComponent(bad)}`);
      expect(p.status).toBe(404);
      expect(p.html).toContain('Multicanal não encontrado.');
      const j = await http.get(`/api/multichannel/public/${encodeURIComponent(bad)}`);
      expect(j.status).toBe(404);
    }
    expect((await raw('/multichannel/nao-existe-123.js')).status).toBe(404);
    // The widget script of a live link (the bundle with the link's hash before it), for any site.
    const script = await raw(`/multichannel/${hash}.js`);
    expect(script.status).toBe(200);
    expect(script.html.startsWith(`window.__PROSA_MULTICHANNEL__={"hash":"${hash}"};\nvoid 0;`)).toBe(true);
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('drops the button of a channel deleted after the link was saved', async () => {
    const r = await create(full());
    await ctx.db.update(channels).set({ deletedAt: new Date() }).where(eq(channels.id, ids.waweb2));
    const html = (await raw(`/hotsite/${String(r.body.hash)}`)).html;
    expect(html).toContain('https://wa.me/5511987654321');
    expect(html).not.toContain('https://wa.me/5521912345678');
    await ctx.db.update(channels).set({ deletedAt: null }).where(eq(channels.id, ids.waweb2));
  });
});

describe('demo link', () => {
  it('lists the demo channels on /hotsite/demo-multicanal', async () => {
    const [demo] = await ctx.db.select().from(companies).where(eq(companies.domain, 'empresademo.com.br'));
    await ctx.db.transaction((tx) => insertDemoMultichannel(tx, demo?.id ?? 0));
    const page = await raw(`/hotsite/${DEMO_MULTICHANNEL_HASH}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('https://wa.me/5511987654321');
    expect(page.html).toContain('href="https://m.me/100200300"');
    expect(page.html).toContain('href="https://t.me/demo_prosa_bot"');
    expect(page.html).toContain('href="mailto:contato@empresademo.com.br"');
    expect(page.html).toContain(`data-webchat="${webCode}"`);
    expect(page.html).toContain('href="/newchat/nc-demo-code"');
  });
});

describe('widget logo upload', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = async (data: Buffer, cookie = mg) => {
    const body = multipart([{ name: 'file', filename: 'logo.png', contentType: 'image/png', data }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/multichannel-upload',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
  };

  it('takes an image up to 2 MB, serves it, and a link may show only its own company logos', async () => {
    const ok = await upload(PNG);
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    const url = String(ok.body.url);
    const img = await raw(url);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    const big = await upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Tamanho máximo 2MB excedido!');
    expect((await upload(Buffer.from('<svg onload=alert(1)>'))).status).toBe(400);

    const body = full();
    const saved = await create({ ...body, widget: { ...body.widget, logo_image: url } });
    expect(saved.status).toBe(200);
    const html = (await raw(`/hotsite/${String(saved.body.hash)}`)).html;
    expect(html).toContain(`<img class="mc-logo" src="${url}"`);

    const foreign = await upload(PNG, other);
    const stolen = await create({
      ...body,
      widget: { ...body.widget, logo_image: String(foreign.body.url) },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('Erro ao realizar upload da foto.');
  });
});
