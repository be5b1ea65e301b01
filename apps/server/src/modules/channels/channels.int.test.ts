import { CHANNEL_MSG } from '@prosa/shared/channel-admin';
import { TRIGGER_MSG } from '@prosa/shared/triggers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { insertWaentRows } from '../../../test/helpers/channel-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { samplePng } from '../../../test/helpers/sample-files';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { userCompanies } from '../../db/schema/admin';
import { type ChannelRow, channels, type TConnectionState } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';
import { users } from '../../db/schema/users';

type Channel = {
  id: number;
  kind: string;
  kind_label: string;
  name: string;
  default_sector_id: number;
  active: boolean;
  connection_state: string;
  connection_since: string | null;
  available: boolean;
  status_message: string | null;
  profile_picture_path: string | null;
  use_trigger_from_channel_id: number | null;
  created_at: string;
};
type Page = { items: Channel[]; total: number; page: number; per_page: number };

let ctx: TestContext;
let http: ReturnType<typeof api>;
let demo: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let manager: string;
let otherCompanyId: number;
let otherSectorId: number;
/** The demo company's channels, by role in the tests. */
const ch = {} as Record<
  'web' | 'waent' | 'waentOff' | 'tgUp' | 'tgDown' | 'tgStarting' | 'deleted' | 'foreign',
  number
>;

async function rawChannel(values: {
  companyId: number;
  kind: string;
  name: string;
  sectorId: number;
  state?: TConnectionState;
  active?: boolean;
  deleted?: boolean;
}): Promise<ChannelRow> {
  const [row] = await ctx.db
    .insert(channels)
    .values({
      companyId: values.companyId,
      kind: values.kind,
      name: values.name,
      defaultSectorId: values.sectorId,
      routeKey: `rk-${values.name}-${Math.random().toString(36).slice(2)}`,
      active: values.active ?? true,
      config: { bot_token: 'config-que-nao-sai' },
      secretsSealed: { access_token: 'selado-que-nao-sai' },
      connectionState: values.state ?? 'none',
      connectionSince: values.state && values.state !== 'none' ? new Date('2026-01-02T03:04:05Z') : null,
      deletedAt: values.deleted ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('canal não criado');
  return row;
}

async function rowOf(id: number) {
  const [row] = await ctx.db.select().from(channels).where(eq(channels.id, id));
  if (!row) throw new Error(`canal ${id} sumiu`);
  return row;
}

/** The web chat logo upload (POST /webchat-upload), the one upload that writes a channel's picture today. */
async function uploadLogo(webchatId: number) {
  const form = multipart([
    { name: 'id', value: String(webchatId) },
    { name: 'logoType', value: 'logo' },
    { name: 'file', filename: 'logo.png', contentType: 'image/png', data: samplePng() },
  ]);
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/webchat-upload',
    headers: { ...form.headers, cookie: manager },
    payload: form.payload,
  });
  expect(up.statusCode, up.body).toBe(200);
}

const list = (r: { body: unknown }) => r.body as Channel[];
const ids = (items: Channel[]) => items.map((c) => c.id).sort((a, b) => a - b);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  demo = await demoIds(ctx);
  admin = await http.login(ADMIN);
  manager = await http.login(MANAGER);
  const [other] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
  otherCompanyId = other?.id ?? 0;
  const [otherSector] = await ctx.db.select().from(sectors).where(eq(sectors.companyId, otherCompanyId));
  otherSectorId = otherSector?.id ?? 0;

  const webchats = (await http.get('/api/webchats', { cookie: manager })).body as unknown as { id: number }[];
  ch.web = webchats[0]?.id ?? 0;
  const created = await http.post('/api/channels/waent', {
    cookie: manager,
    body: {
      name: 'Loja WhatsApp',
      default_sector_id: demo.sector('Comercial'),
      broker: 'meta',
      phone_number_id: '1000001',
      waba_id: '2000001',
      access_token: 'token-secreto-da-meta',
      app_secret: 'segredo-do-app',
      verify_token: 'verifica',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  ch.waent = created.body.id as number;
  const [off] = await insertWaentRows(ctx.db, {
    companyId: demo.companyId,
    name: 'Número desligado',
    defaultSectorId: demo.sector('Suporte'),
    phoneNumberId: '1000002',
    wabaId: '2000001',
    isActive: false,
  });
  ch.waentOff = off?.id ?? 0;
  const sector = demo.sector('Suporte');
  const c = demo.companyId;
  ch.tgUp = (
    await rawChannel({
      companyId: c,
      kind: 'tg',
      name: 'Telegram conectado',
      sectorId: sector,
      state: 'connected',
    })
  ).id;
  ch.tgDown = (
    await rawChannel({
      companyId: c,
      kind: 'tg',
      name: 'Telegram caído',
      sectorId: sector,
      state: 'disconnected',
    })
  ).id;
  ch.tgStarting = (
    await rawChannel({
      companyId: c,
      kind: 'tg',
      name: 'Telegram iniciando',
      sectorId: sector,
      state: 'starting',
    })
  ).id;
  ch.deleted = (
    await rawChannel({ companyId: c, kind: 'tg', name: 'Telegram removido', sectorId: sector, deleted: true })
  ).id;
  ch.foreign = (
    await rawChannel({
      companyId: otherCompanyId,
      kind: 'tg',
      name: 'Telegram da outra',
      sectorId: otherSectorId,
    })
  ).id;
});
afterAll(() => ctx?.close());

const live = () => [ch.web, ch.waent, ch.waentOff, ch.tgUp, ch.tgDown, ch.tgStarting];

describe('GET /api/channels', () => {
  it("lists the company's live channels of every kind, by name, without config or secrets", async () => {
    const r = await http.get('/api/channels', { cookie: manager });
    expect(r.status).toBe(200);
    const items = list(r);
    expect(ids(items)).toEqual(sorted(live()));
    const names = items.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));

    const waent = items.find((c) => c.id === ch.waent);
    expect(waent).toMatchObject({
      kind: 'waent',
      kind_label: 'WhatsApp Enterprise',
      name: 'Loja WhatsApp',
      default_sector_id: demo.sector('Comercial'),
      active: true,
      connection_state: 'none',
      connection_since: null,
      available: true,
      status_message: null,
      profile_picture_path: null,
      use_trigger_from_channel_id: null,
    });
    expect(items.find((c) => c.id === ch.web)?.kind_label).toBe('Web chat');
    expect(items.find((c) => c.id === ch.tgDown)).toMatchObject({
      kind_label: 'Telegram',
      connection_state: 'disconnected',
      connection_since: '2026-01-02T03:04:05.000Z',
      available: false,
    });
    // Nothing of a kind's config or of its sealed secrets leaves the server.
    const text = r.res.body;
    for (const leak of [
      'config',
      'secrets',
      'route_key',
      'token-secreto-da-meta',
      'selado-que-nao-sai',
      'config-que-nao-sai',
    ])
      expect(text).not.toContain(leak);
  });

  it('?available=true keeps the active channels whose connection is not needed or is up', async () => {
    const r = await http.get('/api/channels?available=true', { cookie: manager });
    expect(r.status).toBe(200);
    expect(ids(list(r))).toEqual(sorted([ch.web, ch.waent, ch.tgUp]));
    expect(list(r).every((c) => c.available)).toBe(true);

    // false (or nothing) lists them all; anything else is refused.
    expect(ids(list(await http.get('/api/channels?available=false', { cookie: manager })))).toEqual(
      sorted(live()),
    );
    const bad = await http.get('/api/channels?available=talvez', { cookie: manager });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Use true ou false.');
  });
});

describe('GET /api/channels/company/{id}', () => {
  it('answers the own company as /channels does', async () => {
    const r = await http.get(`/api/channels/company/${demo.companyId}`, { cookie: manager });
    expect(r.status).toBe(200);
    expect(ids(list(r))).toEqual(sorted(live()));
    const available = await http.get(`/api/channels/company/${demo.companyId}?available=true`, {
      cookie: admin,
    });
    expect(ids(list(available))).toEqual(sorted([ch.web, ch.waent, ch.tgUp]));
  });

  it('reaches another company only for an admin who administers it; otherwise 404', async () => {
    const url = `/api/channels/company/${otherCompanyId}`;
    expect((await http.get(url, { cookie: admin })).status).toBe(404);
    expect((await http.get(url, { cookie: manager })).status).toBe(404);
    expect((await http.get('/api/channels/company/999999', { cookie: admin })).status).toBe(404);
    const other = await http.login(OTHER_ADMIN);
    const intrusion = await http.get(`/api/channels/company/${demo.companyId}`, { cookie: other });
    expect(intrusion.status).toBe(404);

    // The demo admin gets the other company in their list (user_companies): now it answers its channels.
    const [me] = await ctx.db.select().from(users).where(eq(users.email, ADMIN));
    await ctx.db.insert(userCompanies).values({ userId: me?.id ?? 0, companyId: otherCompanyId });
    const r = await http.get(url, { cookie: admin });
    expect(r.status).toBe(200);
    expect(ids(list(r))).toEqual([ch.foreign]);
    // A manager's own company is the only one, whatever lists exist.
    expect((await http.get(url, { cookie: manager })).status).toBe(404);
    await ctx.db.delete(userCompanies).where(eq(userCompanies.companyId, otherCompanyId));
  });
});

describe('GET /api/channels/paged', () => {
  it('pages the live channels by name, 300 a page unless asked, with the total', async () => {
    const all = list(await http.get('/api/channels', { cookie: manager }));
    const first = await http.get('/api/channels/paged', { cookie: manager });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: all.length, page: 1, per_page: 300 });
    expect((first.body as unknown as Page).items.map((c) => c.id)).toEqual(all.map((c) => c.id));

    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await http.get(`/api/channels/paged?page=${page}&per_page=2`, { cookie: manager });
      expect(r.status).toBe(200);
      const body = r.body as unknown as Page;
      expect(body).toMatchObject({ total: all.length, page, per_page: 2 });
      expect(body.items).toHaveLength(2);
      seen.push(...body.items.map((c) => c.id));
    }
    expect(seen).toEqual(all.map((c) => c.id));
    const past = (await http.get('/api/channels/paged?page=4&per_page=2', { cookie: manager }))
      .body as unknown as Page;
    expect(past).toMatchObject({ items: [], total: all.length, page: 4 });

    const waent = (await http.get('/api/channels/paged?kind=waent', { cookie: manager }))
      .body as unknown as Page;
    expect(waent.total).toBe(2);
    expect(ids(waent.items)).toEqual(sorted([ch.waent, ch.waentOff]));
  });

  it('refuses a page size over 300, a page below 1 and an unknown kind', async () => {
    for (const query of ['per_page=301', 'per_page=0', 'page=0', 'kind=fax']) {
      const r = await http.get(`/api/channels/paged?${query}`, { cookie: manager });
      expect(r.status, query).toBe(400);
    }
    const kind = await http.get('/api/channels/paged?kind=fax', { cookie: manager });
    expect(kind.body.message).toBe('Tipo de canal inválido.');
  });
});

describe('GET /api/channels/{id}', () => {
  it('answers a channel of the company, of any kind', async () => {
    for (const id of live()) {
      const r = await http.get(`/api/channels/${id}`, { cookie: manager });
      expect(r.status).toBe(200);
      expect(r.body.id).toBe(id);
    }
    const web = await http.get(`/api/channels/${ch.web}`, { cookie: manager });
    expect(web.body).toMatchObject({ kind: 'web', kind_label: 'Web chat', available: true });
  });

  it("answers 404 to a removed channel, another company's channel and an unknown id", async () => {
    for (const id of [ch.deleted, ch.foreign, 999999]) {
      const r = await http.get(`/api/channels/${id}`, { cookie: admin });
      expect(r.status, String(id)).toBe(404);
      expect(r.body.message).toBe(CHANNEL_MSG.notFound);
    }
    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(`/api/channels/${ch.waent}`, { cookie: other })).status).toBe(404);
    expect((await http.get(`/api/channels/${ch.foreign}`, { cookie: other })).status).toBe(200);
  });
});

describe('PATCH /api/channels/{id}', () => {
  it("changes a web chat's and a number's default sector: their own GET shows it", async () => {
    const web = await http.patch(`/api/channels/${ch.web}`, {
      cookie: manager,
      body: { default_sector_id: demo.sector('Financeiro') },
    });
    expect(web.status, JSON.stringify(web.body)).toBe(200);
    expect(web.body.default_sector_id).toBe(demo.sector('Financeiro'));
    const webchat = await http.get(`/api/webchats/${ch.web}`, { cookie: manager });
    expect(webchat.body.sector_id).toBe(demo.sector('Financeiro'));

    const waent = await http.patch(`/api/channels/${ch.waent}`, {
      cookie: manager,
      body: { default_sector_id: demo.sector('Suporte') },
    });
    expect(waent.status).toBe(200);
    const number = await http.get(`/api/channels/waent/${ch.waent}`, { cookie: manager });
    expect(number.body).toMatchObject({ default_sector_id: demo.sector('Suporte'), sector_name: 'Suporte' });
    // The rest of the number is as it was (the generic change touches only its field).
    expect(number.body).toMatchObject({ name: 'Loja WhatsApp', phone_number_id: '1000001', is_active: true });
    expect(number.body.access_token).toBe('••••meta');
  });

  it('sets and clears the channel whose triggers are used and the status message', async () => {
    const set = await http.patch(`/api/channels/${ch.tgUp}`, {
      cookie: manager,
      body: { use_trigger_from_channel_id: ch.tgDown, status_message: '  Atendemos das 8h às 18h  ' },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      use_trigger_from_channel_id: ch.tgDown,
      status_message: 'Atendemos das 8h às 18h',
    });
    expect(await rowOf(ch.tgUp)).toMatchObject({
      useTriggerFromChannelId: ch.tgDown,
      statusMessage: 'Atendemos das 8h às 18h',
    });
    const read = await http.get(`/api/channels/${ch.tgUp}`, { cookie: manager });
    expect(read.body).toMatchObject({ use_trigger_from_channel_id: ch.tgDown });
    // One step only: not a channel that uses another's, nor for a channel whose triggers others use.
    const chained = await http.patch(`/api/channels/${ch.web}`, {
      cookie: manager,
      body: { use_trigger_from_channel_id: ch.tgUp },
    });
    expect(chained.status).toBe(400);
    expect(chained.body.message).toBe(TRIGGER_MSG.useChained);
    const used = await http.patch(`/api/channels/${ch.tgDown}`, {
      cookie: manager,
      body: { use_trigger_from_channel_id: ch.web },
    });
    expect(used.status).toBe(400);
    expect(used.body.message).toBe(TRIGGER_MSG.usedByOthers);

    const cleared = await http.patch(`/api/channels/${ch.tgUp}`, {
      cookie: manager,
      body: { use_trigger_from_channel_id: null, status_message: '' },
    });
    expect(cleared.status).toBe(200);
    expect(await rowOf(ch.tgUp)).toMatchObject({ useTriggerFromChannelId: null, statusMessage: null });
  });

  it("takes as profile picture only a file this channel's upload wrote, and removes it with null", async () => {
    await uploadLogo(ch.web);
    const uploaded = (await http.get(`/api/channels/${ch.web}`, { cookie: manager })).body
      .profile_picture_path as string;
    expect(uploaded).toMatch(new RegExp(`^webchats/${demo.companyId}/${ch.web}/logo-\\d+\\.png$`));

    const removed = await http.patch(`/api/channels/${ch.web}`, {
      cookie: manager,
      body: { profile_picture_path: null },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.profile_picture_path).toBeNull();
    expect((await http.get(`/api/webchats/${ch.web}`, { cookie: manager })).body.logo_url).toBeNull();

    const back = await http.patch(`/api/channels/${ch.web}`, {
      cookie: manager,
      body: { profile_picture_path: uploaded },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const webchat = await http.get(`/api/webchats/${ch.web}`, { cookie: manager });
    expect(webchat.body.logo_url).toContain(uploaded.split('/').pop());

    // Another web chat's logo exists on disk (its channel removed since), but is not this channel's.
    const second = await http.post('/api/webchats', {
      cookie: manager,
      body: { name: 'Segundo chat', sector_id: demo.sector('Comercial') },
    });
    expect(second.status).toBe(200);
    const secondId = second.body.id as number;
    await uploadLogo(secondId);
    const othersLogo = (await rowOf(secondId)).profilePicturePath;
    expect(othersLogo).toMatch(new RegExp(`^webchats/${demo.companyId}/${secondId}/`));
    expect((await http.delete(`/api/webchats/${secondId}`, { cookie: manager })).status).toBe(200);

    const folder = `webchats/${demo.companyId}/${ch.web}`;
    for (const path of [
      `${othersLogo}`,
      '../../../etc/passwd',
      '/etc/passwd',
      `${folder}/../../../../etc/passwd`,
      `${folder}/nao-existe.png`,
      `${folder}`,
      `webchats/${demo.companyId}/${ch.tgUp}/logo.png`,
      `channels/${demo.companyId}/${ch.web}/logo.png`,
      'avatars/1/1/avatar.png',
    ]) {
      const r = await http.patch(`/api/channels/${ch.web}`, {
        cookie: manager,
        body: { profile_picture_path: path },
      });
      expect(r.status, path).toBe(400);
      expect(r.body.message).toBe(CHANNEL_MSG.picturePathInvalid);
    }
    expect((await rowOf(ch.web)).profilePicturePath).toBe(uploaded);
  });

  it('refuses any other field, an empty change and bad values with Portuguese 400s, changing nothing', async () => {
    const before = await rowOf(ch.waent);
    const cases: [unknown, string][] = [
      [
        { company_id: otherCompanyId },
        'Não é possível alterar company_id por aqui. Campos aceitos: use_trigger_from_channel_id, default_sector_id, status_message e profile_picture_path.',
      ],
      [{ name: 'Outro nome', status_message: 'oi' }, CHANNEL_MSG.fieldNotAllowed(['name'])],
      [{ active: false }, CHANNEL_MSG.fieldNotAllowed(['active'])],
      [{}, CHANNEL_MSG.nothingToChange],
      [{ default_sector_id: otherSectorId }, CHANNEL_MSG.sectorInvalid],
      [{ default_sector_id: 0 }, CHANNEL_MSG.sectorInvalid],
      [{ default_sector_id: 2_147_483_648 }, CHANNEL_MSG.sectorInvalid],
      [{ default_sector_id: null }, CHANNEL_MSG.sectorInvalid],
      [{ use_trigger_from_channel_id: ch.foreign }, CHANNEL_MSG.triggerChannelInvalid],
      [{ use_trigger_from_channel_id: ch.deleted }, CHANNEL_MSG.triggerChannelInvalid],
      [{ use_trigger_from_channel_id: -1 }, CHANNEL_MSG.triggerChannelInvalid],
      [{ use_trigger_from_channel_id: ch.waent }, CHANNEL_MSG.triggerChannelSelf],
      [{ status_message: 'x'.repeat(256) }, CHANNEL_MSG.statusMessageTooLong],
    ];
    for (const [body, message] of cases) {
      const r = await http.patch(`/api/channels/${ch.waent}`, { cookie: manager, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message, JSON.stringify(body)).toBe(message);
    }
    expect(await rowOf(ch.waent)).toEqual(before);
  });

  it("answers 404 to another company's channel and leaves it as it was", async () => {
    const other = await http.login(OTHER_ADMIN);
    const before = await rowOf(ch.waent);
    const r = await http.patch(`/api/channels/${ch.waent}`, {
      cookie: other,
      body: { default_sector_id: otherSectorId },
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(CHANNEL_MSG.notFound);
    const foreign = await http.patch(`/api/channels/${ch.foreign}`, {
      cookie: admin,
      body: { status_message: 'invasão' },
    });
    expect(foreign.status).toBe(404);
    expect(await rowOf(ch.waent)).toEqual(before);
    expect((await rowOf(ch.foreign)).statusMessage).toBeNull();
    expect(
      (await http.patch(`/api/channels/${ch.deleted}`, { cookie: admin, body: { status_message: 'x' } }))
        .status,
    ).toBe(404);
  });
});

describe('access', () => {
  it('answers 403 to operators on every generic channel call', async () => {
    const operator = await http.login(OPERATOR);
    for (const url of [
      '/api/channels',
      '/api/channels?available=true',
      `/api/channels/company/${demo.companyId}`,
      '/api/channels/paged',
      `/api/channels/${ch.waent}`,
    ]) {
      expect((await http.get(url, { cookie: operator })).status, url).toBe(403);
    }
    const patch = await http.patch(`/api/channels/${ch.waent}`, {
      cookie: operator,
      body: { status_message: 'operador' },
    });
    expect(patch.status).toBe(403);
    expect((await rowOf(ch.waent)).statusMessage).toBeNull();
    expect((await http.get('/api/channels')).status).toBe(401);
  });

  it("follows each kind's module permission (web_chat, whatsapp) like the kind's own routes", async () => {
    const restrict = async (permissions: { read: string[]; write: string[] }) => {
      const r = await http.post(`/api/companies/${demo.companyId}/permissions`, {
        cookie: admin,
        body: { type: 'user', id: demo.user(MANAGER), permissions: { remove: [], ...permissions } },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    try {
      await restrict({ read: ['setores_de_atendimento', 'web_chat'], write: [] });
      // The kind's own route and the generic one agree.
      expect((await http.get('/api/channels/waent', { cookie: manager })).status).toBe(403);
      const seen = list(await http.get('/api/channels', { cookie: manager }));
      expect(seen.some((c) => c.kind === 'waent')).toBe(false);
      expect(ids(seen)).toEqual(sorted([ch.web, ch.tgUp, ch.tgDown, ch.tgStarting]));
      const paged = (await http.get('/api/channels/paged', { cookie: manager })).body as unknown as Page;
      expect(paged.total).toBe(4);
      const hidden = await http.get(`/api/channels/${ch.waent}`, { cookie: manager });
      expect(hidden.status).toBe(403);
      expect(hidden.body.message).toBe('Você não tem permissão para esta ação.');
      const readOnly = await http.patch(`/api/channels/${ch.web}`, {
        cookie: manager,
        body: { status_message: 'sem permissão' },
      });
      expect(readOnly.status).toBe(403);
      expect(readOnly.body.message).toBe('Você não tem permissão de alteração');
      expect((await rowOf(ch.web)).statusMessage).toBeNull();

      await restrict({ read: ['setores_de_atendimento'], write: ['web_chat'] });
      const allowed = await http.patch(`/api/channels/${ch.web}`, {
        cookie: manager,
        body: { status_message: 'Fale conosco' },
      });
      expect(allowed.status).toBe(200);
      const number = await http.patch(`/api/channels/${ch.waent}`, {
        cookie: manager,
        body: { status_message: 'sem permissão' },
      });
      expect(number.status).toBe(403);
      expect((await rowOf(ch.waent)).statusMessage).toBeNull();
    } finally {
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/companies/${demo.companyId}/permissions/user/${demo.user(MANAGER)}`,
        headers: { cookie: admin },
      });
    }
    expect(ids(list(await http.get('/api/channels', { cookie: manager })))).toEqual(sorted(live()));
  });
});

describe('routes of the kinds beside the generic ones', () => {
  it('still serves /api/channels/waent and /api/channels/waent/{id}, not taken for an id', async () => {
    const all = await http.get('/api/channels/waent', { cookie: manager });
    expect(all.status).toBe(200);
    const numbers = all.body as unknown as { id: number; webhook_url: string }[];
    expect(sorted(numbers.map((n) => n.id))).toEqual(sorted([ch.waent, ch.waentOff]));
    expect(numbers.every((n) => n.webhook_url.includes('/api/webhooks/waent/'))).toBe(true);

    const one = await http.get(`/api/channels/waent/${ch.waent}`, { cookie: manager });
    expect(one.status).toBe(200);
    expect(one.body).toHaveProperty('phone_number_id', '1000001');

    // Its own PATCH still takes the number's fields that the generic one refuses.
    const renamed = await http.patch(`/api/channels/waent/${ch.waent}`, {
      cookie: manager,
      body: { name: 'Loja WhatsApp 2' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await http.get(`/api/channels/${ch.waent}`, { cookie: manager })).body.name).toBe(
      'Loja WhatsApp 2',
    );

    // A segment that is not an id never reaches a channel: 'waent' has no PATCH of its own.
    const word = await http.patch('/api/channels/waent', { cookie: manager, body: { status_message: 'x' } });
    expect(word.status).toBe(400);
    expect((await http.get('/api/channels/abc', { cookie: manager })).status).toBe(400);
  });
});
