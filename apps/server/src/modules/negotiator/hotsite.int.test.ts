import { randomBytes } from 'node:crypto';
import type { TNegotiatorFields, TNegotiatorSlip } from '@prosa/shared/negotiator';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import { api, createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { mailingRows, mailings } from '../../db/schema/campaigns';
import { companies } from '../../db/schema/companies';
import { negotiations, negotiators } from '../../db/schema/negotiator';
import { HOTSITE_MAX_STARTS } from './hotsite-token';
import { barcodeFromDigitableLine } from './slip/febraban';

// The negotiator's public hotsite (issue 23): the page, and a whole negotiation through its public calls, as a
// customer's browser makes them, against the real database and the real negotiation core.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let companyId = 0;
let mailingId = 0;
let negotiator: typeof negotiators.$inferSelect;
let other: typeof negotiators.$inferSelect;
let ipSeq = 0;
/** Each test its own client address, so the starts limit of one does not reach another. */
const nextIp = () => `198.51.100.${++ipSeq}`;

const HEADER = ['Nome', 'CPF', 'Contrato', 'Valor', 'Vencimento', 'A vista', 'Parcelado 3x', 'Parcelas'];
const ROWS = [
  ['Maria Souza', '529.982.247-25', 'Contrato 123', '1.000,00', '10/01/2026', 'R$ 850,00', '300,00', '3'],
  ['Maria Souza', '52998224725', 'Contrato 456', '2500.50', '2026-02-15', '2000', '', ''],
  ['João Lima', '111.444.777-35', 'Contrato 789', '500,00', '', '450,00', '', ''],
];
const FIELDS: TNegotiatorFields = {
  document: 1,
  name: 0,
  debt_description: 2,
  debt_amount: 3,
  debt_due_date: 4,
  offers: [
    { label: 'À vista', amount: 5, installments: null },
    { label: 'Parcelado', amount: 6, installments: 7 },
  ],
};
const SLIP: TNegotiatorSlip = {
  beneficiary: 'Empresa Demo Cobranças Ltda',
  beneficiary_document: '11.222.333/0001-81',
  bank_code: '237',
  agency: '1234',
  account: '0012345',
  wallet: '09',
  due_days: 3,
  instructions: 'Não receber após o vencimento.',
};

async function insertNegotiator(extra: Partial<typeof negotiators.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(negotiators)
    .values({
      companyId,
      name: 'Negociador Cobrança',
      mailingId,
      multichannelId: 1,
      statusValidateDocument: 1,
      statusEmittedInvoice: 2,
      statusNotEmittedInvoice: 3,
      fields: FIELDS,
      slip: SLIP,
      hash: randomBytes(12).toString('base64url'),
      ...extra,
    })
    .returning();
  if (!row) throw new Error('negociador');
  return row;
}

const page = (hash: string) => ctx.app.inject({ method: 'GET', url: `/negociar/${hash}` });
const post = (hash: string, step: string, body: unknown, ip: string) =>
  http.post(`/api/negociar/${hash}/${step}`, { body, ip });
async function start(hash: string, ip: string): Promise<string> {
  const r = await post(hash, 'start', {}, ip);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return String(r.body.token);
}
const visit = async (token: string) =>
  (await ctx.db.select().from(negotiations).where(eq(negotiations.token, token)))[0];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  companyId = (await demoIds(ctx)).companyId;
  await setAllow(ctx, companyId, { negotiator: true });
  const [m] = await ctx.db
    .insert(mailings)
    .values({ companyId, title: 'Carteira de cobrança', fields: HEADER, processing: 'done', rowCount: 3 })
    .returning();
  mailingId = m?.id ?? 0;
  await ctx.db
    .insert(mailingRows)
    .values(ROWS.map((values, i) => ({ companyId, mailingId, rowNumber: i + 1, values })));
  negotiator = await insertNegotiator({
    name: '<script>alert(1)</script> Cobrança',
    body: { bgimage: '/api/negotiator-image/1/fundo.png', logo_image: '/api/negotiator-image/1/logo.png' },
    phrases: { hotsite: { intro: 'Condições <b>especiais</b> da [empresa].' } },
  });
  other = await insertNegotiator({ name: 'Outro negociador' });
});
afterAll(() => ctx.close());

describe('hotsite page', () => {
  it('renders the phrases, the images and the document field, escaped, with its script from self', async () => {
    const r = await page(negotiator.hash);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('<h1 class="ng-title">Negocie seus débitos com a Empresa Demo</h1>');
    expect(r.body).toContain('Condições &#60;b&#62;especiais&#60;/b&#62; da Empresa Demo.');
    expect(r.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62; Cobrança');
    expect(r.body).not.toContain('<script>alert(1)');
    expect(r.body).toContain('<img class="ng-logo" src="/api/negotiator-image/1/logo.png"');
    expect(r.body).toContain('url("/api/negotiator-image/1/fundo.png")');
    expect(r.body).toContain('<label class="ng-label" for="ng-document">CPF ou CNPJ</label>');
    expect(r.body).toContain('>Consultar</button>');
    expect(r.body).toContain('Não quero negociar agora');
    expect(r.body).toContain('Baixar boleto (PDF)');
    // No inline script: the page's only script is the served file, allowed by script-src 'self'.
    expect(r.body.match(/<script/g)).toHaveLength(1);
    expect(r.body).toContain('<script src="/negociar/assets/hotsite.js" defer></script>');
    expect(String(r.headers['content-security-policy'])).toContain("script-src 'self'");
    const js = await ctx.app.inject({ method: 'GET', url: '/negociar/assets/hotsite.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('application/javascript');
    expect(js.body).toContain("'/api/negociar/'");
  });

  it('drops images that are not our own stored files', async () => {
    const n = await insertNegotiator({
      body: { bgimage: 'https://evil.example/x.png")}body{color:red', logo_image: 'javascript:alert(1)' },
    });
    const r = await page(n.hash);
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain('evil.example');
    expect(r.body).not.toContain('javascript:');
    expect(r.body).not.toContain('ng-logo" src');
  });

  it('answers "Negociador não encontrado." for an unknown hash, a deleted negotiator and the flag off', async () => {
    const deleted = await insertNegotiator({ deletedAt: new Date() });
    for (const hash of ['nao-existe', deleted.hash, 'x'.repeat(99)]) {
      const r = await page(hash);
      expect(r.statusCode).toBe(404);
      expect(r.body).toContain('<h1>Negociador não encontrado.</h1>');
      const s = await post(hash, 'start', {}, nextIp());
      expect(s.status).toBe(404);
    }
    const ip = nextIp();
    const token = await start(negotiator.hash, ip);
    await setAllow(ctx, companyId, { negotiator: false });
    try {
      expect((await page(negotiator.hash)).statusCode).toBe(404);
      const s = await post(negotiator.hash, 'start', {}, ip);
      expect(s.status).toBe(404);
      expect(s.body.message).toBe('Negociador não encontrado.');
      const d = await post(negotiator.hash, 'document', { token, document: '529.982.247-25' }, ip);
      expect(d.status).toBe(404);
      expect((await visit(token))?.step).toBe('document');
    } finally {
      await setAllow(ctx, companyId, { negotiator: true });
    }
  });
});

describe('hotsite negotiation', () => {
  it('goes from the document to the issued slip and its PDF, with the same rows and facts as a chat', async () => {
    const ip = nextIp();
    const token = await start(negotiator.hash, ip);
    expect(token).toMatch(/^[A-Za-z0-9_-]{10}\.[A-Za-z0-9_-]{32}$/);

    const invalid = await post(negotiator.hash, 'document', { token, document: '123.456.789-00' }, ip);
    expect(invalid.body).toMatchObject({
      kind: 'invalid',
      message: 'Documento inválido. Confira e tente novamente.',
      finished: false,
    });
    const unknown = await post(negotiator.hash, 'document', { token, document: '935.411.347-80' }, ip);
    expect(unknown.body).toMatchObject({
      kind: 'not_found',
      message: 'Não encontramos débitos para o documento informado.',
    });
    const found = await post(negotiator.hash, 'document', { token, document: '529.982.247-25' }, ip);
    expect(found.status).toBe(200);
    expect(found.body.kind).toBe('found');
    expect(found.body.message).toBe('Olá, Maria Souza. Estes são os seus débitos:');
    expect(found.body.debts).toEqual([
      {
        description: 'Contrato 123',
        amount: 'R$ 1.000,00',
        due_date: '10/01/2026',
        offers: [
          { option: 1, label: 'À vista', text: 'À vista R$ 850,00', amount: 'R$ 850,00', price: 'R$ 850,00' },
          {
            option: 2,
            label: 'Parcelado',
            text: 'Parcelado 3 x R$ 300,00',
            amount: 'R$ 300,00',
            price: '3 x R$ 300,00',
          },
        ],
      },
      {
        description: 'Contrato 456',
        amount: 'R$ 2.500,50',
        due_date: '15/02/2026',
        offers: [
          {
            option: 3,
            label: 'À vista',
            text: 'À vista R$ 2.000,00',
            amount: 'R$ 2.000,00',
            price: 'R$ 2.000,00',
          },
        ],
      },
    ]);

    const wrong = await post(negotiator.hash, 'choose', { token, option: 9 }, ip);
    expect(wrong.body).toMatchObject({ kind: 'invalid', message: 'Opção inválida. Escolha uma das opções.' });
    const issued = await post(negotiator.hash, 'choose', { token, option: 1 }, ip);
    expect(issued.status).toBe(200);
    const slip = issued.body.slip as {
      amount: string;
      due_date: string;
      digitable_line: string;
      pdf_url: string;
    };
    expect(issued.body.kind).toBe('issued');
    expect(slip.amount).toBe('R$ 850,00');
    expect(slip.due_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(issued.body.message).toBe(`Boleto emitido! Valor R$ 850,00, vencimento em ${slip.due_date}.`);
    const barcode = barcodeFromDigitableLine(slip.digitable_line);
    expect(barcode).toMatch(/^2379\d{40}$/);
    expect(barcode?.slice(9, 19)).toBe('0000085000');
    expect(slip.pdf_url).toBe(`/api/negociar/${negotiator.hash}/boleto/${token}`);

    const pdf = await ctx.app.inject({ method: 'GET', url: slip.pdf_url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="boleto-\d+\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const row = await visit(token);
    expect(row).toMatchObject({
      source: 'hotsite',
      step: 'finished',
      outcome: 'emitted',
      attempts: 2,
      document: '52998224725',
      debtorName: 'Maria Souza',
      statusId: 2,
      attendanceId: null,
    });
    const facts = await ctx.db.execute<{ step: string; source: string }>(
      sql`select data->>'step' as step, data->>'source' as source from domain_events
          where name = 'negotiation.step' and (data->>'negotiation_id')::bigint = ${row?.id ?? 0} order by id`,
    );
    expect(facts.rows.map((f) => f.step)).toEqual([
      'started',
      'document_invalid',
      'document_not_found',
      'document_validated',
      'offer_chosen',
      'slip_issued',
    ]);
    expect(new Set(facts.rows.map((f) => f.source))).toEqual(new Set(['hotsite']));

    // Finished: asking again changes nothing and answers the same slip.
    const again = await post(negotiator.hash, 'choose', { token, option: 0 }, ip);
    expect(again.body.kind).toBe('issued');
    expect((await visit(token))?.outcome).toBe('emitted');
  });

  it('declines, ends after three wrong documents, and has no slip to download then', async () => {
    const ip = nextIp();
    const token = await start(negotiator.hash, ip);
    await post(negotiator.hash, 'document', { token, document: '11144477735' }, ip);
    const declined = await post(negotiator.hash, 'choose', { token, option: 0 }, ip);
    expect(declined.body).toEqual({
      kind: 'declined',
      message: 'Tudo bem. Volte quando quiser negociar.',
      slip: null,
    });
    expect((await visit(token))?.outcome).toBe('declined');
    const pdf = await http.get(`/api/negociar/${negotiator.hash}/boleto/${token}`);
    expect(pdf.status).toBe(404);
    expect(pdf.body.message).toBe('Boleto não encontrado.');

    const t2 = await start(negotiator.hash, ip);
    let last: Record<string, unknown> = {};
    for (let i = 0; i < 3; i++)
      last = (await post(negotiator.hash, 'document', { token: t2, document: '000.000.000-00' }, ip)).body;
    expect(last).toMatchObject({ kind: 'exhausted', finished: true });
    expect(await visit(t2)).toMatchObject({ outcome: 'not_found', step: 'finished', attempts: 3 });
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const ip = nextIp();
    const token = await start(negotiator.hash, ip);
    const cases: [string, unknown, string][] = [
      ['document', {}, 'Consulta inválida. Recarregue a página e tente novamente.'],
      [
        'document',
        { token: 'abc', document: '52998224725' },
        'Consulta inválida. Recarregue a página e tente novamente.',
      ],
      ['document', { token, document: '   ' }, 'Informe o CPF ou CNPJ.'],
      ['document', { token, document: 12 }, 'Informe o CPF ou CNPJ.'],
      ['document', { token, document: '5'.repeat(31) }, 'Documento inválido.'],
      ['choose', { token, option: -1 }, 'Opção inválida. Escolha uma das opções.'],
      ['choose', { token, option: 'um' }, 'Opção inválida. Escolha uma das opções.'],
      ['choose', { token, option: 1.5 }, 'Opção inválida. Escolha uma das opções.'],
    ];
    for (const [step, body, message] of cases) {
      const r = await post(negotiator.hash, step, body, ip);
      expect(r.status, `${step} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await visit(token)).toMatchObject({ step: 'document', attempts: 0, outcome: null });
  });

  it("answers 404 to a token of another negotiator or another company's, and leaves it alone", async () => {
    const ip = nextIp();
    const token = await start(other.hash, ip);
    const r = await post(negotiator.hash, 'document', { token, document: '529.982.247-25' }, ip);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Consulta não encontrada. Recarregue a página e tente novamente.');
    const c = await post(negotiator.hash, 'choose', { token, option: 1 }, ip);
    expect(c.status).toBe(404);
    expect((await http.get(`/api/negociar/${negotiator.hash}/boleto/${token}`)).status).toBe(404);
    expect(await visit(token)).toMatchObject({ negotiatorId: other.id, step: 'document', attempts: 0 });

    const [outra] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
    const foreignCompany = outra?.id ?? 0;
    await setAllow(ctx, foreignCompany, { negotiator: true });
    const [foreign] = await ctx.db
      .insert(negotiators)
      .values({
        companyId: foreignCompany,
        name: 'Da outra',
        mailingId,
        multichannelId: 1,
        statusValidateDocument: 1,
        statusEmittedInvoice: 2,
        statusNotEmittedInvoice: 3,
        fields: FIELDS,
        slip: SLIP,
        hash: randomBytes(12).toString('base64url'),
      })
      .returning();
    const foreignToken = await start(foreign?.hash ?? '', ip);
    // The other company's negotiator over this company's mailing id finds nothing: rows are scoped by company.
    const d = await post(
      foreign?.hash ?? '',
      'document',
      { token: foreignToken, document: '529.982.247-25' },
      ip,
    );
    expect(d.body.kind).toBe('not_found');
    const mine = await post(
      negotiator.hash,
      'document',
      { token: foreignToken, document: '52998224725' },
      ip,
    );
    expect(mine.status).toBe(404);
  });

  it('limits the starts of one address, not of another', async () => {
    const ip = nextIp();
    for (let i = 0; i < HOTSITE_MAX_STARTS; i++) await start(negotiator.hash, ip);
    const r = await post(negotiator.hash, 'start', {}, ip);
    expect(r.status).toBe(429);
    expect(r.body.message).toBe('Muitas consultas em pouco tempo. Aguarde alguns minutos e tente novamente.');
    await start(negotiator.hash, nextIp());
    const count = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(negotiations)
      .where(and(eq(negotiations.companyId, companyId), eq(negotiations.negotiatorId, negotiator.id)));
    expect(count[0]?.n).toBeGreaterThan(HOTSITE_MAX_STARTS);
  });
});
