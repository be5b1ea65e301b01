import { NEGOTIATOR_MSG } from '@prosa/shared/negotiator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAllow } from '../../../test/helpers/attendance-fixtures';
import { campaignFixtures } from '../../../test/helpers/campaign-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { samplePng } from '../../../test/helpers/sample-files';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { mailings } from '../../db/schema/campaigns';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { multichannelLinks } from '../../db/schema/multichannel';
import { negotiators } from '../../db/schema/negotiator';
import { statuses } from '../../db/schema/organization';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let mg: string;
let other: string;
let otherCompanyId = 0;
const ids = {
  company: 0,
  mailing: 0,
  mailing2: 0,
  inactive: 0,
  expired: 0,
  notStarted: 0,
  link: 0,
  linkNoWa: 0,
  linkB: 0,
  waweb: 0,
  waweb2: 0,
  waent: 0,
  web: 0,
  web2: 0,
  s1: 0,
  s2: 0,
  s3: 0,
  bot: 0,
  otherStatus: 0,
  otherNegotiator: 0,
};
const HEADER = ['cpf', 'nome', 'contrato', 'valor', 'vencimento', 'a_vista', 'parcelas'];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  const f = await campaignFixtures(ctx);
  ids.company = f.companyId;
  const [outra] = await ctx.db.select().from(companies).where(eq(companies.domain, 'outraempresa.com.br'));
  otherCompanyId = outra?.id ?? 0;
  await setAllow(ctx, ids.company, { negotiator: true });
  await setAllow(ctx, otherCompanyId, { negotiator: true });
  mg = await http.login(MANAGER);
  other = await http.login(OTHER_ADMIN);

  const rows = [['12345678909', 'Ana', 'C-1', '100,00', '01/01/2026', '80,00', '1']];
  ids.mailing = (await f.mailing('Devedores 2026', HEADER, rows)).id;
  ids.mailing2 = (await f.mailing('Devedores B', HEADER, rows)).id;
  ids.inactive = (await f.mailing('Inativo', HEADER, rows, { active: false })).id;
  ids.expired = (await f.mailing('Vencido', HEADER, rows, { dueDateMax: '2020-01-01' })).id;
  ids.notStarted = (await f.mailing('Futuro', HEADER, rows, { dueDateMin: '2999-01-01' })).id;

  const channel = async (kind: string, name: string, config: Record<string, unknown> = {}) => {
    const [row] = await ctx.db
      .insert(channels)
      .values({
        companyId: ids.company,
        kind,
        name,
        defaultSectorId: f.sectorId,
        routeKey: `${kind}-${Math.random().toString(36).slice(2)}`,
        config,
      })
      .returning();
    return row?.id ?? 0;
  };
  ids.waweb = await channel('waweb', 'WhatsApp Cobrança', { phone_number: '5511988887777' });
  ids.waweb2 = await channel('waweb', 'WhatsApp Vendas', { phone_number: '5511977776666' });
  ids.web = await channel('web', 'Chat Cobrança');
  ids.web2 = await channel('web', 'Chat B');
  ids.waent = f.waent.id;
  const link = async (name: string, payload: Record<string, unknown>, companyId = ids.company) => {
    const [row] = await ctx.db
      .insert(multichannelLinks)
      .values({ companyId, name, hash: Math.random().toString(36).slice(2), payload })
      .returning();
    return row?.id ?? 0;
  };
  ids.link = await link('Cobrança', {
    waweb: { enabled: true, number: [ids.waweb] },
    web: { enabled: true, webchat: ids.web },
  });
  ids.linkNoWa = await link('Só chat', { web: { enabled: true, webchat: ids.web } });
  ids.linkB = await link('Cobrança B', { web: { enabled: true, webchat: ids.web2 } });

  const status = async (name: string, useInBot = false, companyId = ids.company) => {
    const [row] = await ctx.db.insert(statuses).values({ companyId, name, useInBot }).returning();
    return row?.id ?? 0;
  };
  ids.s1 = await status('Negociação: validar documento');
  ids.s2 = await status('Negociação: boleto emitido', false);
  ids.s3 = await status('Negociação: boleto não emitido', false);
  ids.bot = await status('Status do bot', true);
  ids.otherStatus = await status('Status da outra', false, otherCompanyId);

  const [neg] = await ctx.db
    .insert(negotiators)
    .values({
      companyId: otherCompanyId,
      name: 'Negociador da outra',
      mailingId: 1,
      multichannelId: 1,
      statusValidateDocument: ids.otherStatus,
      statusEmittedInvoice: ids.otherStatus,
      statusNotEmittedInvoice: ids.otherStatus,
      hash: 'outra-hash-0000001',
      fields: input().fields,
      slip: input().slip,
    })
    .returning();
  ids.otherNegotiator = neg?.id ?? 0;
});
afterAll(async () => {
  await ctx?.close();
});

const input = (over: Record<string, unknown> = {}) => ({
  name: 'Cobrança 2026',
  mailing_id: ids.mailing,
  multichannel_id: ids.link,
  whatsapp_channel_id: ids.waweb,
  statuses: { validate_document: ids.s1, emitted_invoice: ids.s2, not_emitted_invoice: ids.s3 },
  fields: {
    document: 0,
    name: 1,
    debt_description: 2,
    debt_amount: 3,
    debt_due_date: 4,
    offers: [{ label: 'À vista', amount: 5, installments: 6 }],
  },
  slip: { beneficiary: 'Empresa Demo', agency: '1234', account: '1234567', wallet: '09', due_days: 5 },
  ...over,
});

async function count() {
  const rows = await ctx.db.select().from(negotiators).where(eq(negotiators.companyId, ids.company));
  return rows.filter((r) => r.deletedAt === null).length;
}

describe('negotiator administration', () => {
  let created = 0;

  it('creates, reads, lists, updates and deletes a negotiator', async () => {
    const res = await http.post('/api/negotiators', { cookie: mg, body: input() });
    expect(res.status).toBe(200);
    created = Number(res.body.id);
    expect(res.body.hash).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(res.body.link).toBe(`/negociar/${res.body.hash}`);
    expect(res.body.channel_ids).toEqual([ids.web, ids.waweb]);
    expect(res.body.mailing).toEqual({ title: 'Devedores 2026', note: null });
    expect(res.body.whatsapp).toEqual({ phone_number: '5511988887777' });

    const got = await http.get(`/api/negotiators/${created}`, { cookie: mg });
    expect(got.status).toBe(200);
    expect(got.body.name).toBe('Cobrança 2026');
    expect((got.body.slip as { due_days: number }).due_days).toBe(5);

    const put = await http.put(`/api/negotiators/${created}`, {
      cookie: mg,
      body: input({ name: 'Cobrança renomeada' }),
    });
    expect(put.status).toBe(200);
    expect(put.body.hash).toBe(res.body.hash);
    const list = await http.get('/api/negotiators', { cookie: mg });
    expect(list.status).toBe(200);
    expect((list.body.data as { name: string }[]).map((n) => n.name)).toEqual(['Cobrança renomeada']);
    expect(list.body.per_page).toBe(50);
  });

  it('refuses each broken save rule with its message and changes nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, NEGOTIATOR_MSG.nameRequired],
      [{ mailing_id: null }, NEGOTIATOR_MSG.mailingRequired],
      [{ mailing_id: ids.expired }, NEGOTIATOR_MSG.mailingUnusable],
      [{ mailing_id: ids.inactive }, NEGOTIATOR_MSG.mailingUnusable],
      [{ mailing_id: ids.notStarted }, NEGOTIATOR_MSG.mailingUnusable],
      [{ multichannel_id: null }, NEGOTIATOR_MSG.multichannelRequired],
      [{ whatsapp_channel_id: null }, NEGOTIATOR_MSG.whatsappRequired],
      [{ whatsapp_channel_id: ids.waweb2 }, NEGOTIATOR_MSG.whatsappInvalid],
      [
        { statuses: { validate_document: ids.s1, emitted_invoice: null, not_emitted_invoice: ids.s3 } },
        NEGOTIATOR_MSG.statusRequired,
      ],
      [
        { statuses: { validate_document: ids.s1, emitted_invoice: ids.s1, not_emitted_invoice: ids.s3 } },
        NEGOTIATOR_MSG.statusDistinct,
      ],
      [
        { statuses: { validate_document: ids.s1, emitted_invoice: ids.bot, not_emitted_invoice: ids.s3 } },
        NEGOTIATOR_MSG.statusBot,
      ],
      [
        {
          statuses: {
            validate_document: ids.s1,
            emitted_invoice: ids.otherStatus,
            not_emitted_invoice: ids.s3,
          },
        },
        NEGOTIATOR_MSG.statusRequired,
      ],
      [{ fields: { ...input().fields, debt_amount: 7 } }, NEGOTIATOR_MSG.fieldInvalid],
      // The link's web chat is already served by the first negotiator.
      [{ multichannel_id: ids.linkNoWa, whatsapp_channel_id: null }, NEGOTIATOR_MSG.channelTaken],
      [{ body: { bgimage: 'https://evil.example/x.png', logo_image: null } }, NEGOTIATOR_MSG.uploadFailed],
    ];
    for (const [over, message] of cases) {
      const res = await http.post('/api/negotiators', {
        cookie: mg,
        body: input({ name: 'Outro', ...over }),
      });
      expect({ over, status: res.status, message: res.body.message }).toEqual({ over, status: 400, message });
    }
    expect(await count()).toBe(before);
    const put = await http.put(`/api/negotiators/${created}`, {
      cookie: mg,
      body: input({ name: '', mailing_id: ids.mailing }),
    });
    expect(put.status).toBe(400);
    const still = await http.get(`/api/negotiators/${created}`, { cookie: mg });
    expect(still.body.name).toBe('Cobrança renomeada');
  });

  it('accepts an enterprise WhatsApp channel, and keeps a mailing that expired since it was chosen', async () => {
    const res = await http.post('/api/negotiators', {
      cookie: mg,
      body: input({
        name: 'Cobrança B',
        mailing_id: ids.mailing2,
        multichannel_id: ids.linkB,
        whatsapp_channel_id: ids.waent,
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.channel_ids).toEqual([ids.web2, ids.waent]);
    const id = Number(res.body.id);
    await ctx.db.update(mailings).set({ dueDateMax: '2020-01-01' }).where(eq(mailings.id, ids.mailing2));
    const got = await http.get(`/api/negotiators/${id}`, { cookie: mg });
    expect(got.body.mailing).toEqual({ title: 'Devedores B', note: 'expired' });
    const kept = await http.put(`/api/negotiators/${id}`, {
      cookie: mg,
      body: input({
        name: 'Cobrança B2',
        mailing_id: ids.mailing2,
        multichannel_id: ids.linkB,
        whatsapp_channel_id: ids.waent,
      }),
    });
    expect(kept.status).toBe(200);
    expect(kept.body.name).toBe('Cobrança B2');
    // Choosing another unusable mailing is refused.
    const other = await http.put(`/api/negotiators/${id}`, {
      cookie: mg,
      body: input({ mailing_id: ids.expired, multichannel_id: ids.linkB, whatsapp_channel_id: ids.waent }),
    });
    expect(other.body.message).toBe(NEGOTIATOR_MSG.mailingUnusable);
    const del = await http.delete(`/api/negotiators/${id}`, { cookie: mg });
    expect(del.status).toBe(200);
    expect((await http.get(`/api/negotiators/${id}`, { cookie: mg })).status).toBe(404);
    expect((await http.delete(`/api/negotiators/${id}`, { cookie: mg })).status).toBe(404);
  });

  it('offers usable mailings with their header, links with their numbers, enterprise channels, non-bot statuses', async () => {
    const res = await http.get('/api/negotiators/options', { cookie: mg });
    expect(res.status).toBe(200);
    const body = res.body as {
      mailings: { id: number; fields: string[]; note: string | null }[];
      multichannels: { id: number; whatsapp: unknown[]; webchat: boolean; newchat: boolean }[];
      whatsapp_channels: { id: number }[];
      statuses: { id: number }[];
    };
    const mailingIds = body.mailings.map((m) => m.id);
    expect(mailingIds).toContain(ids.mailing);
    for (const id of [ids.inactive, ids.expired, ids.notStarted, ids.mailing2])
      expect(mailingIds).not.toContain(id);
    expect(body.mailings.find((m) => m.id === ids.mailing)?.fields).toEqual(HEADER);
    expect(body.multichannels.find((l) => l.id === ids.link)).toEqual({
      id: ids.link,
      name: 'Cobrança',
      whatsapp: [{ channel_id: ids.waweb, phone_number: '5511988887777', name: 'WhatsApp Cobrança' }],
      webchat: true,
      newchat: false,
    });
    expect(body.whatsapp_channels.map((c) => c.id)).toContain(ids.waent);
    const statusIds = body.statuses.map((s) => s.id);
    expect(statusIds).toContain(ids.s1);
    expect(statusIds).not.toContain(ids.bot);
    expect(statusIds).not.toContain(ids.otherStatus);

    for (const [id, note] of [
      [ids.expired, 'expired'],
      [ids.inactive, 'inactive'],
      [ids.notStarted, 'not_started'],
    ] as const) {
      const kept = await http.get(`/api/negotiators/options?keep_mailing_id=${id}`, { cookie: mg });
      expect((kept.body as typeof body).mailings.find((m) => m.id === id)?.note).toBe(note);
    }
  });

  it('reads and saves phrases: rules checked, only edited ones stored', async () => {
    const defaults = await http.get('/api/negotiators/default-phrases', { cookie: mg });
    expect((defaults.body.hotsite as Record<string, { text: string }>).title?.text).toBe(
      'Negocie seus débitos com a [empresa]',
    );
    const url = `/api/negotiators/${created}/phrases`;
    const got = await http.get(url, { cookie: mg });
    expect((got.body.hotsite as Record<string, unknown>).title).toEqual({
      label: 'Título',
      default: 'Negocie seus débitos com a [empresa]',
      text: 'Negocie seus débitos com a [empresa]',
      edited: false,
    });
    const bad = await http.put(url, {
      cookie: mg,
      body: { phrases: { hotsite: { title: 'Olá [nome]', intro: '' } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('A variável [nome] não é permitida nesta frase.');
    expect(bad.body.errors).toEqual({
      'hotsite.title': 'A variável [nome] não é permitida nesta frase.',
      'hotsite.intro': 'A frase não pode ficar vazia.',
    });
    const unchanged = await ctx.db.select().from(negotiators).where(eq(negotiators.id, created));
    expect(unchanged[0]?.phrases).toEqual({});

    const ok = await http.put(url, {
      cookie: mg,
      body: {
        phrases: {
          hotsite: {
            title: 'Acerte suas contas com a [empresa]',
            intro: 'Consulte seus débitos e emita o boleto com desconto em poucos passos.',
          },
        },
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(NEGOTIATOR_MSG.phrasesSaved);
    const [row] = await ctx.db.select().from(negotiators).where(eq(negotiators.id, created));
    expect(row?.phrases).toEqual({ hotsite: { title: 'Acerte suas contas com a [empresa]' } });
    const again = await http.get(url, { cookie: mg });
    expect((again.body.hotsite as Record<string, { text: string; edited: boolean }>).title).toMatchObject({
      text: 'Acerte suas contas com a [empresa]',
      edited: true,
    });
    const unknown = await http.put(url, { cookie: mg, body: { phrases: { hotsite: { nope: 'x' } } } });
    expect(unknown.body.message).toBe('Frase desconhecida.');
  });

  it('uploads a PNG readable without login and refuses a text file', async () => {
    const upload = async (data: Buffer, filename: string) => {
      const body = multipart([
        { name: 'key', value: 'logo_image' },
        { name: 'file', filename, contentType: 'image/png', data },
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/negotiator-upload',
        headers: { ...body.headers, cookie: mg },
        payload: body.payload,
      });
      return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
    };
    const png = samplePng();
    const ok = await upload(png, 'logo.png');
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    const pub = await ctx.app.inject({ method: 'GET', url: String(ok.body.url) });
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toContain('image/png');
    expect(pub.rawPayload.equals(png)).toBe(true);
    const text = await upload(Buffer.from('não sou uma imagem'), 'logo.png');
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(NEGOTIATOR_MSG.uploadKind);
    const notMultipart = await http.post('/api/negotiator-upload', { cookie: mg, body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.message).toBe(NEGOTIATOR_MSG.uploadFailed);
    const big = await upload(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'big.png');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(NEGOTIATOR_MSG.uploadTooLarge);
    // The uploaded image can be saved on a negotiator.
    const saved = await http.put(`/api/negotiators/${created}`, {
      cookie: mg,
      body: input({ name: 'Cobrança renomeada', body: { bgimage: null, logo_image: ok.body.url } }),
    });
    expect(saved.status).toBe(200);
    expect((saved.body.body as { logo_image: string }).logo_image).toBe(ok.body.url);
  });

  it('guards: flag off → 403, operator → 403, another company → 404', async () => {
    const op = await http.login(OPERATOR);
    const opRes = await http.get('/api/negotiators', { cookie: op });
    expect(opRes.status).toBe(403);

    for (const [method, url] of [
      ['get', `/api/negotiators/${ids.otherNegotiator}`],
      ['put', `/api/negotiators/${ids.otherNegotiator}`],
      ['delete', `/api/negotiators/${ids.otherNegotiator}`],
      ['get', `/api/negotiators/${ids.otherNegotiator}/phrases`],
    ] as const) {
      const res = await http[method](url, {
        cookie: mg,
        ...(method === 'put' ? { body: input() } : {}),
      });
      expect({ url, status: res.status, message: res.body.message }).toEqual({
        url,
        status: 404,
        message: NEGOTIATOR_MSG.notFound,
      });
    }
    const [still] = await ctx.db.select().from(negotiators).where(eq(negotiators.id, ids.otherNegotiator));
    expect(still?.deletedAt).toBeNull();
    expect(still?.name).toBe('Negociador da outra');
    // The other company's manager does not see ours.
    const theirs = await http.get('/api/negotiators', { cookie: other });
    expect((theirs.body.data as { id: number }[]).map((n) => n.id)).toEqual([ids.otherNegotiator]);
    expect((await http.get(`/api/negotiators/${created}`, { cookie: other })).status).toBe(404);

    await setAllow(ctx, ids.company, { negotiator: false });
    const off = await http.get('/api/negotiators', { cookie: mg });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(NEGOTIATOR_MSG.notEnabled);
    const offCreate = await http.post('/api/negotiators', { cookie: mg, body: input({ name: 'Novo' }) });
    expect(offCreate.status).toBe(403);
    await setAllow(ctx, ids.company, { negotiator: true });
  });

  it('pages the list (25, 50, 100) and filters by name', async () => {
    // Negotiators written straight in: the list does not check save rules.
    await ctx.db.insert(negotiators).values(
      Array.from({ length: 30 }, (_, i) => ({
        companyId: ids.company,
        name: `Lote ${String(i + 1).padStart(2, '0')}`,
        mailingId: ids.mailing,
        multichannelId: ids.link,
        statusValidateDocument: ids.s1,
        statusEmittedInvoice: ids.s2,
        statusNotEmittedInvoice: ids.s3,
        hash: `lote-hash-${i}-${Math.random().toString(36).slice(2)}`,
        fields: input().fields,
        slip: input().slip,
      })),
    );
    const p1 = await http.get('/api/negotiators?per_page=25', { cookie: mg });
    expect(p1.body.total).toBe(31);
    expect((p1.body.data as unknown[]).length).toBe(25);
    const p2 = await http.get('/api/negotiators?per_page=25&page=2', { cookie: mg });
    expect((p2.body.data as unknown[]).length).toBe(6);
    const bad = await http.get('/api/negotiators?per_page=10', { cookie: mg });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Quantidade por página inválida.');
    const named = await http.get(`/api/negotiators?name=${encodeURIComponent('renomeada')}`, { cookie: mg });
    expect((named.body.data as { name: string }[]).map((n) => n.name)).toEqual(['Cobrança renomeada']);
    const lote = await http.get('/api/negotiators?name=lote%200', { cookie: mg });
    expect(lote.body.total).toBe(9);
  });
});
