import { type TChannelTriggers, TRIGGER_MSG } from '@prosa/shared/triggers';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { largePng, samplePdf, samplePng } from '../../../test/helpers/sample-files';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { triggers } from '../../db/schema/automation';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { statuses } from '../../db/schema/organization';

// The triggers API (spec 2 §5 Triggers, §7): managers and above, the caller's company's channels only; every rule
// refused with its Portuguese text (400) and nothing changed.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let demo: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let web: number;
let tg: number;
let em: number;
let foreign: number;
let resolved: number;
let classification: number;

const url = (path: string, id = web, type = 'web') => `/api/channels/${path}/${type}/${id}`;
const text = (t: string) => ({ type: 'TEXT', params: { text: t } });
const trigger = (name: string, trigger_text: string, actions: unknown[] = [text(`Resposta ${name}`)]) => ({
  name,
  trigger_text,
  actions,
});

async function read(id = web, type = 'web', cookie = manager) {
  const r = await http.get(url('get-triggers', id, type), { cookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as TChannelTriggers;
}

async function rowCount(channelId: number) {
  return (await ctx.db.select().from(triggers).where(eq(triggers.channelId, channelId))).length;
}

async function insertChannel(companyId: number, kind: string, name: string) {
  const [row] = await ctx.db
    .insert(channels)
    .values({ companyId, kind, name, defaultSectorId: 0, routeKey: `triggers-test-${kind}-${companyId}` })
    .returning();
  return row?.id ?? 0;
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  demo = await demoIds(ctx);
  manager = await http.login(MANAGER);
  const [own] = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.companyId, demo.companyId), eq(channels.kind, 'web')));
  web = own?.id ?? 0;
  const [other] = await ctx.db.select().from(companies).where(ne(companies.id, demo.companyId)).limit(1);
  tg = await insertChannel(demo.companyId, 'tg', 'Bot do Telegram');
  em = await insertChannel(demo.companyId, 'em', 'E-mail de suporte');
  foreign = await insertChannel(other?.id ?? 0, 'web', 'Chat da outra empresa');
  resolved = demo.status('Resolvido');
  const [cls] = await ctx.db
    .select()
    .from(statuses)
    .where(and(eq(statuses.companyId, demo.companyId), eq(statuses.shouldClose, 0)))
    .limit(1);
  classification = cls?.id ?? 0;
  expect([web, tg, em, foreign, resolved, classification].every((id) => id > 0)).toBe(true);
});
afterAll(async () => {
  await ctx?.close();
});

describe('text triggers', () => {
  it('creates, lists in order, updates and deletes', async () => {
    const r = await http.post(url('save-triggers-text'), {
      cookie: manager,
      body: { triggers: [trigger('Boleto', 'boleto; 2 via'), trigger('Horário', 'horario')] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const saved = r.body as unknown as TChannelTriggers;
    expect(saved.text.map((t) => [t.name, t.trigger_text, t.position])).toEqual([
      ['Boleto', 'boleto; 2 via', 0],
      ['Horário', 'horario', 1],
    ]);
    const [boleto, horario] = saved.text;
    const upd = await http.patch(`/api/triggers/${boleto?.id}`, {
      cookie: manager,
      body: trigger('Boleto 2ª via', 'boleto', [text('Acesse o portal'), { type: 'CHAT', params: {} }]),
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body).toMatchObject({
      name: 'Boleto 2ª via',
      actions: [text('Acesse o portal'), { type: 'CHAT' }],
    });
    // The bulk save also updates by id.
    const again = await http.post(url('save-triggers-text'), {
      cookie: manager,
      body: { triggers: [{ id: horario?.id, ...trigger('Horário de atendimento', 'horario; horas') }] },
    });
    expect(again.status).toBe(200);
    expect((await read()).text.map((t) => t.name)).toEqual(['Boleto 2ª via', 'Horário de atendimento']);

    const del = await http.post(`/api/triggers/${boleto?.id}`, {
      cookie: manager,
      body: { _method: 'DELETE' },
    });
    expect(del.status).toBe(200);
    const del2 = await http.post(`/api/channels/delete-trigger/${horario?.id}`, { cookie: manager });
    expect(del2.status).toBe(200);
    expect((await read()).text).toEqual([]);
    const gone = await http.post(`/api/channels/delete-trigger/${horario?.id}`, { cookie: manager });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(TRIGGER_MSG.notFound);
  });

  it('POST /triggers creates at the end of the channel named by triggerable_id/type', async () => {
    const r = await http.post('/api/triggers', {
      cookie: manager,
      body: {
        triggerable_id: tg,
        triggerable_type: 'telegram',
        trigger_type: 'text',
        ...trigger('Oi', 'oi'),
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Oi',
      triggerable_id: tg,
      triggerable_type: 'telegram',
      position: 0,
    });
    const wrongType = await http.post('/api/triggers', {
      cookie: manager,
      body: { triggerable_id: tg, triggerable_type: 'web', ...trigger('Oi', 'oi') },
    });
    expect(wrongType.status).toBe(404);
    const list = await http.get(`/api/triggers?channel_id=${tg}`, { cookie: manager });
    expect((list.body as unknown as { name: string }[]).map((t) => t.name)).toEqual(['Oi']);
  });

  it.each<[string, unknown[], string, string?]>([
    ['name required', [], TRIGGER_MSG.nameRequired, ''],
    ['name ≤ 120', [], TRIGGER_MSG.nameTooLong, 'x'.repeat(121)],
    ['TEXT needs text', [text('')], TRIGGER_MSG.textRequired],
    ['MEDIA needs a file', [{ type: 'MEDIA', params: {} }], TRIGGER_MSG.mediaRequired],
    ['EXIT_CHAT needs a status', [{ type: 'EXIT_CHAT', params: {} }], TRIGGER_MSG.exitStatusRequired],
    ['type required', [{ type: '' }], TRIGGER_MSG.actionType],
    ['one CHAT', [{ type: 'CHAT' }, { type: 'CHAT' }], TRIGGER_MSG.oneChat],
    ['one QUIT_CHAT', [{ type: 'QUIT_CHAT' }, { type: 'QUIT_CHAT' }], TRIGGER_MSG.oneQuitChat],
    [
      'one EXIT_CHAT',
      [
        { type: 'EXIT_CHAT', params: { status_id: 1 } },
        { type: 'EXIT_CHAT', params: { status_id: 1 } },
      ],
      TRIGGER_MSG.oneExitChat,
    ],
    ['CHAT and QUIT_CHAT', [{ type: 'QUIT_CHAT' }, { type: 'CHAT' }], TRIGGER_MSG.chatAndQuit],
    ['TEXT before CHAT', [{ type: 'CHAT' }, text('a')], TRIGGER_MSG.textBeforeChat],
    ['QUIT_CHAT before TEXT', [text('a'), { type: 'QUIT_CHAT' }], TRIGGER_MSG.quitBeforeText],
  ])(
    'refuses (%s) with 400 and its text, storing nothing',
    async (_rule, actions, message, name = 'Regra') => {
      const before = await rowCount(web);
      const r = await http.post(url('save-triggers-text'), {
        cookie: manager,
        body: {
          triggers: [{ name, trigger_text: 'palavra', actions: actions.length ? actions : [text('a')] }],
        },
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
      expect(await rowCount(web)).toBe(before);
    },
  );

  it('refuses "Se o cliente digitar" empty, a classification status, another company\'s image', async () => {
    const cases: [unknown, string][] = [
      [trigger('A', '  '), TRIGGER_MSG.triggerTextRequired],
      [
        trigger('A', 'a', [{ type: 'EXIT_CHAT', params: { status_id: classification } }]),
        TRIGGER_MSG.statusNotFound,
      ],
      [trigger('A', 'a', [{ type: 'CHAT', params: { sector_id: 999999 } }]), TRIGGER_MSG.sectorNotFound],
      [
        trigger('A', 'a', [
          {
            type: 'MEDIA',
            params: { image: { key: 'trg/999/1/x.png', name: 'x.png', mime: 'image/png', size: 3 } },
          },
        ]),
        TRIGGER_MSG.imageKeyInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const r = await http.post(url('save-triggers-text'), { cookie: manager, body: { triggers: [body] } });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
  });

  it("saves the order only with exactly the channel's text triggers", async () => {
    const saved = await http.post(url('save-triggers-text'), {
      cookie: manager,
      body: { triggers: [trigger('A', 'a'), trigger('B', 'b'), trigger('C', 'c')] },
    });
    const ids = (saved.body as unknown as TChannelTriggers).text.map((t) => t.id);
    const [a, b, c] = ids as [number, number, number];
    for (const wrong of [
      [a, b],
      [a, b, c, c],
      [a, b, 999999],
      [c, b, a, 1],
    ]) {
      const r = await http.post(url('save-trigger-order'), { cookie: manager, body: { ids: wrong } });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(TRIGGER_MSG.orderMismatch);
    }
    const ok = await http.post(url('save-trigger-order'), { cookie: manager, body: { ids: [c, a, b] } });
    expect(ok.status).toBe(200);
    expect((await read()).text.map((t) => t.name)).toEqual(['C', 'A', 'B']);
    for (const id of ids) await http.post(`/api/channels/delete-trigger/${id}`, { cookie: manager });
  });
});

describe('other triggers', () => {
  const save = (body: Record<string, unknown>, id = web) =>
    http.post(url('save-other-triggers', id), { cookie: manager, body });
  const day = (monday_to_friday = '', saturday = '', sunday = '') => ({ monday_to_friday, saturday, sunday });

  it('saves one kind at a time, replaces it, and inactive deletes it', async () => {
    const a = await save({ trigger_type: 'first_message', params: { message: 'Olá! Bem-vindo.' } });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const b = await save({ trigger_type: 'first_message', params: { message: 'Olá de novo.' } });
    expect((b.body as unknown as TChannelTriggers).others).toMatchObject([
      { trigger_type: 'first_message', params: { message: 'Olá de novo.' } },
    ]);
    const c = await save({ trigger_type: 'first_message', active: false });
    expect((c.body as unknown as TChannelTriggers).others).toEqual([]);
    // Saved empty is switched off too.
    await save({ trigger_type: 'on_chat_close', params: { message: 'Até logo' } });
    const d = await save({ trigger_type: 'on_chat_close', params: { message: '  ' } });
    expect(d.status).toBe(200);
    expect((d.body as unknown as TChannelTriggers).others).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'message required',
      {
        trigger_type: 'menu_keyboard_buttons',
        params: { message: ' ', buttons: [{ label: 'Boleto', trigger_text: 'boleto' }] },
      },
      TRIGGER_MSG.messageRequired,
    ],
    [
      'mailing validation needs a mailing',
      { trigger_type: 'mailing_validation', params: { message: 'Seu CPF?' } },
      TRIGGER_MSG.mailingRequired,
    ],
    [
      "another company's or a missing mailing",
      {
        trigger_type: 'mailing_validation',
        params: { message: 'CPF?', mailing_id: 999999, field: 0, true_message: 'ok', false_message: 'não' },
      },
      TRIGGER_MSG.mailingNotFound,
    ],
    ['unknown kind', { trigger_type: 'text', params: {} }, TRIGGER_MSG.invalidTriggerType],
    [
      'times need a message',
      { trigger_type: 'before_working_period', params: { ...day('08:00'), message: '' } },
      TRIGGER_MSG.messageRequired,
    ],
    [
      'valid times',
      { trigger_type: 'after_working_period', params: { ...day('18:70'), message: 'x' } },
      TRIGGER_MSG.invalidTime,
    ],
    [
      'limit needs an after-period time',
      { trigger_type: 'limit_receivement', params: { time: day('17:00'), after_time: day(), message: 'x' } },
      TRIGGER_MSG.limitAfterTimeRequired,
    ],
    [
      'close_attempted status',
      { trigger_type: 'close_attempted', params: { before: day('08:00') } },
      TRIGGER_MSG.closeStatusRequired,
    ],
    [
      'close_attempted some time',
      { trigger_type: 'close_attempted', params: { status_id: 1 } },
      TRIGGER_MSG.closeTimeRequired,
    ],
    [
      'agreement text or image',
      { trigger_type: 'agreement', params: { accepted_message: 'a', refused_message: 'b', status_id: 1 } },
      TRIGGER_MSG.agreementContent,
    ],
    [
      'menu options',
      { trigger_type: 'menu_keyboard_buttons', params: { message: 'Escolha', buttons: [] } },
      TRIGGER_MSG.buttonsRequired,
    ],
  ])('refuses (%s) with 400 and its text', async (_rule, body, message) => {
    const before = await rowCount(web);
    const r = await save(body);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
    expect(await rowCount(web)).toBe(before);
  });

  it('a finishing status of the company; a limit between the working periods; one menu', async () => {
    const bad = await save({
      trigger_type: 'agreement',
      params: { text: 'Aceita?', accepted_message: 'a', refused_message: 'b', status_id: classification },
    });
    expect(bad.body.message).toBe(TRIGGER_MSG.statusNotFound);
    expect(
      (await save({ trigger_type: 'before_working_period', params: { ...day('08:00'), message: 'Cedo' } }))
        .status,
    ).toBe(200);
    expect(
      (await save({ trigger_type: 'after_working_period', params: { ...day('18:00'), message: 'Tarde' } }))
        .status,
    ).toBe(200);
    const early = await save({
      trigger_type: 'limit_receivement',
      params: { time: day('07:00'), after_time: day('18:00'), message: 'Limite' },
    });
    expect(early.body.message).toBe(TRIGGER_MSG.limitBetweenPeriods);
    const ok = await save({
      trigger_type: 'limit_receivement',
      params: { time: day('17:30'), after_time: day('18:00'), message: 'Limite' },
    });
    expect(ok.status).toBe(200);
    // Moving the end of work before the limit is refused too.
    const shrink = await save({
      trigger_type: 'after_working_period',
      params: { ...day('17:00'), message: 'Tarde' },
    });
    expect(shrink.body.message).toBe(TRIGGER_MSG.limitBetweenPeriods);
    expect((await save({ trigger_type: 'menu', params: { message: 'Menu' } })).status).toBe(200);
    const second = await save({
      trigger_type: 'menu_keyboard_buttons',
      params: { message: 'Menu', buttons: [{ label: 'A', trigger_text: 'a' }] },
    });
    expect(second.body.message).toBe(TRIGGER_MSG.oneMenu);
    for (const t of ['before_working_period', 'after_working_period', 'limit_receivement', 'menu'])
      await save({ trigger_type: t, active: false });
    expect((await read()).others).toEqual([]);
  });
});

describe("copy and use another channel's triggers", () => {
  it("copies every trigger of from to to, replacing to's; refuses equal or missing", async () => {
    await http.post(url('save-triggers-text'), {
      cookie: manager,
      body: { triggers: [trigger('Copia', 'copia')] },
    });
    await http.post(url('save-other-triggers'), {
      cookie: manager,
      body: { trigger_type: 'first_message', params: { message: 'Olá' } },
    });
    await http.post(url('save-triggers-text', em, 'email'), {
      cookie: manager,
      body: { triggers: [trigger('Antigo', 'antigo')] },
    });
    for (const [body, message] of [
      [{ from: web, to: web }, TRIGGER_MSG.copySame],
      [{ from: web }, TRIGGER_MSG.copyMissing],
      [{ from: null, to: em }, TRIGGER_MSG.copyMissing],
    ] as const) {
      const r = await http.patch('/api/triggers/copy-triggers', { cookie: manager, body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const other = await http.patch('/api/triggers/copy-triggers', {
      cookie: manager,
      body: { from: foreign, to: em },
    });
    expect(other.status).toBe(404);
    const r = await http.patch('/api/triggers/copy-triggers', {
      cookie: manager,
      body: { from: web, to: em },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, copied: 2 });
    const copied = await read(em, 'email');
    expect(copied.text.map((t) => [t.name, t.triggerable_type])).toEqual([['Copia', 'email']]);
    expect(copied.others.map((o) => o.trigger_type)).toEqual(['first_message']);
  });

  it("uses another channel's triggers: not itself, not another company's, not a chain; read-only meanwhile", async () => {
    const use = (id: number, type: string, channel_id: number | null) =>
      http.post(url('use-triggers-from', id, type), { cookie: manager, body: { channel_id } });
    expect((await use(tg, 'telegram', tg)).body.message).toBe(TRIGGER_MSG.useSelf);
    expect((await use(tg, 'telegram', foreign)).body.message).toBe(TRIGGER_MSG.channelNotFound);
    const ok = await use(tg, 'telegram', web);
    expect(ok.status).toBe(200);
    expect(ok.body.use_trigger_from_channel_id).toBe(web);
    expect((await read()).used_by.map((c) => c.id)).toEqual([tg]);
    expect((await use(em, 'email', tg)).body.message).toBe(TRIGGER_MSG.useChained);
    expect((await use(web, 'web', em)).body.message).toBe(TRIGGER_MSG.usedByOthers);
    const locked = await http.post(url('save-triggers-text', tg, 'telegram'), {
      cookie: manager,
      body: { triggers: [trigger('X', 'x')] },
    });
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe(TRIGGER_MSG.readOnly);
    expect((await use(tg, 'telegram', null)).body.use_trigger_from_channel_id).toBeNull();
  });
});

describe('trigger image upload', () => {
  const upload = (parts: Parameters<typeof multipart>[0], cookie = manager) => {
    const m = multipart(parts);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/channel/trigger_image',
      headers: { ...m.headers, cookie },
      payload: m.payload,
    });
  };
  const fields = (id = web, type = 'web') => [
    { name: 'channel_id', value: String(id) },
    { name: 'channel_type', value: type },
  ];

  it('stores a PNG and answers {success, image}; the image can be used by a MEDIA action', async () => {
    const png = samplePng();
    const r = await upload([
      ...fields(),
      { name: 'file', filename: 'logo.png', contentType: 'image/png', data: png },
    ]);
    expect(r.statusCode, r.body).toBe(200);
    const body = JSON.parse(r.body) as {
      success: boolean;
      image: { key: string; mime: string; size: number; url: string };
    };
    expect(body).toMatchObject({
      success: true,
      image: { mime: 'image/png', size: png.length, name: 'logo.png' },
    });
    expect(body.image.key.startsWith(`trg/${demo.companyId}/${web}/`)).toBe(true);
    const stored = await ctx.deps.storage.get(body.image.key);
    expect(stored).toMatchObject({ contentType: 'image/png', size: png.length });
    stored?.body.resume();
    const saved = await http.post(url('save-triggers-text'), {
      cookie: manager,
      body: { triggers: [trigger('Foto', 'foto', [{ type: 'MEDIA', params: { image: body.image } }])] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const media = (saved.body as unknown as TChannelTriggers).text.find((t) => t.name === 'Foto');
    expect(media?.actions[0]).toMatchObject({ type: 'MEDIA', params: { image: { key: body.image.key } } });
    const shown = media?.actions[0] as { params: { image: { url?: string } } };
    expect(shown.params.image.url).toBeTruthy();
  });

  it("refuses other types, large files, no file, another company's channel", async () => {
    const pdf = await upload([...fields(), { name: 'file', filename: 'doc.pdf', data: samplePdf() }]);
    expect(pdf.statusCode).toBe(400);
    const big = await upload([
      ...fields(),
      { name: 'file', filename: 'big.png', data: largePng(3 * 1024 * 1024) },
    ]);
    expect(big.statusCode).toBe(400);
    expect(JSON.parse(big.body).message).toBe(TRIGGER_MSG.imageTooLarge);
    const none = await upload(fields());
    expect(JSON.parse(none.body).message).toBe(TRIGGER_MSG.fileRequired);
    const other = await upload([...fields(foreign), { name: 'file', filename: 'a.png', data: samplePng() }]);
    expect(other.statusCode).toBe(404);
  });
});

describe('access', () => {
  it("an operator is refused (403); another company's channel or trigger is not found (404)", async () => {
    const operator = await http.login(OPERATOR);
    expect((await http.get(url('get-triggers'), { cookie: operator })).status).toBe(403);
    expect((await http.get('/api/triggers', { cookie: operator })).status).toBe(403);
    expect((await http.post('/api/channels/delete-trigger/1', { cookie: operator })).status).toBe(403);

    const otherAdmin = await http.login(OTHER_ADMIN);
    const r = await http.get(url('get-triggers'), { cookie: otherAdmin });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(TRIGGER_MSG.channelNotFound);
    const [mine] = await ctx.db.select().from(triggers).where(eq(triggers.channelId, web)).limit(1);
    expect(mine).toBeDefined();
    const del = await http.post(`/api/channels/delete-trigger/${mine?.id}`, { cookie: otherAdmin });
    expect(del.status).toBe(404);
    const patch = await http.patch(`/api/triggers/${mine?.id}`, {
      cookie: otherAdmin,
      body: trigger('X', 'x'),
    });
    expect(patch.status).toBe(404);
    const copy = await http.patch('/api/triggers/copy-triggers', {
      cookie: otherAdmin,
      body: { from: web, to: foreign },
    });
    expect(copy.status).toBe(404);
    expect(await rowCount(foreign)).toBe(0);
    // The route's type must be the channel's kind; an unknown type is a bad request.
    expect((await http.get(url('get-triggers', web, 'telegram'), { cookie: manager })).status).toBe(404);
    const unknown = await http.get(url('get-triggers', web, 'fax'), { cookie: manager });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(TRIGGER_MSG.invalidChannelType);
  });

  it('bad bodies answer 400, never 500', async () => {
    for (const body of [{}, { triggers: 'x' }, { triggers: [{ name: 1 }] }, { triggers: [] }]) {
      const r = await http.post(url('save-triggers-text'), { cookie: manager, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await http.post(url('save-trigger-order'), { cookie: manager, body: { ids: ['a'] } })).status,
    ).toBe(400);
    expect((await http.post('/api/triggers/1', { cookie: manager, body: { _method: 'GET' } })).status).toBe(
      400,
    );
    expect(
      (await http.post(url('save-other-triggers'), { cookie: manager, body: { params: 3 } })).status,
    ).toBe(400);
    // An id past the int4 column is refused before PostgreSQL sees it.
    const huge = await http.post(url('save-other-triggers'), {
      cookie: manager,
      body: {
        trigger_type: 'close_attempted',
        params: { status_id: 2 ** 40, before: { monday_to_friday: '08:00' } },
      },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe(TRIGGER_MSG.closeStatusRequired);
  });
});
