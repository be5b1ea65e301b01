import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';
import { domainEvents } from '../../db/schema/facts';
import { type NegotiationRow, type NegotiatorRow, negotiations } from '../../db/schema/negotiator';
import {
  chooseOption,
  debtsText,
  moneyBr,
  type NegotiationContext,
  negotiationContext,
  negotiatorByHash,
  negotiatorForChannel,
  offersText,
  startNegotiation,
  submitDocument,
} from './negotiation';
import { parseAmountCents } from './negotiation-debts';
import { MARIA_CPF, negotiationFixtures, UNKNOWN_CPF } from './negotiation-test-world';
import { barcodeFromDigitableLine } from './slip/febraban';

// The negotiation core against a real mailing: documents checked and looked up, debts and offers with their
// amounts, three misses end it, decline, the slip issued (amount, due date in the company's timezone, a barcode
// whose linha digitável round-trips), a step fact per step, and a finished negotiation that changes no more.

let ctx: TestContext;
let world: Awaited<ReturnType<typeof negotiationFixtures>>;
let negotiator: NegotiatorRow;

// 02:00 UTC on the 27th is still the 26th (23:00) in São Paulo: the slip's due date counts from the 26th.
const NOW = new Date('2026-11-27T02:00:00Z');

async function context(): Promise<NegotiationContext> {
  return negotiationContext(ctx.db, negotiator, NOW);
}
async function start(): Promise<NegotiationRow> {
  const c = await context();
  return ctx.db.transaction((tx) =>
    startNegotiation(tx, c, { source: 'hotsite', token: `t-${Math.random()}` }),
  );
}
async function doc(n: NegotiationRow, text: string) {
  const c = await context();
  return ctx.db.transaction((tx) => submitDocument(tx, c, n, text));
}
async function choose(n: NegotiationRow, option: number) {
  const c = await context();
  return ctx.db.transaction((tx) => chooseOption(tx, c, n, option));
}
async function row(id: number) {
  const [r] = await ctx.db.select().from(negotiations).where(eq(negotiations.id, id));
  if (!r) throw new Error('negotiation');
  return r;
}
async function steps(id: number): Promise<string[]> {
  const facts = await ctx.db
    .select({ data: domainEvents.data })
    .from(domainEvents)
    .where(
      and(
        eq(domainEvents.name, 'negotiation.step'),
        sql`(${domainEvents.data}->>'negotiation_id')::bigint = ${id}`,
      ),
    )
    .orderBy(asc(domainEvents.id));
  return facts.map((f) => String(f.data.step));
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  world = await negotiationFixtures(ctx);
  negotiator = await world.insertNegotiator({ channelIds: [991] });
});
afterAll(() => ctx.close());

describe('amounts as mailings write them', () => {
  it('parses Brazilian and plain formats into cents, and refuses what is not a number', () => {
    expect(parseAmountCents('1.234,56')).toBe(123456);
    expect(parseAmountCents('R$ 1.234,56')).toBe(123456);
    expect(parseAmountCents('1234.56')).toBe(123456);
    expect(parseAmountCents('1,234.56')).toBe(123456);
    expect(parseAmountCents('1.500')).toBe(150000);
    expect(parseAmountCents('850')).toBe(85000);
    expect(parseAmountCents('300,5')).toBe(30050);
    expect(parseAmountCents('')).toBeNull();
    expect(parseAmountCents('abc')).toBeNull();
    expect(parseAmountCents('1,2,3')).toBeNull();
    expect(moneyBr(123456)).toBe('R$ 1.234,56');
    expect(moneyBr(5)).toBe('R$ 0,05');
  });
});

describe('the negotiation', () => {
  it('counts an invalid CPF and a valid one not in the mailing, and ends on the third miss', async () => {
    let n = await start();
    expect(n).toMatchObject({ step: 'document', attempts: 0, statusId: world.statusIds.validate });

    const invalid = await doc(n, '123.456.789-00');
    expect(invalid.kind).toBe('invalid');
    expect(invalid.negotiation.attempts).toBe(1);

    const unknown = await doc(invalid.negotiation, UNKNOWN_CPF);
    expect(unknown.kind).toBe('not_found');
    expect(unknown.negotiation.attempts).toBe(2);

    const third = await doc(unknown.negotiation, 'meu cpf');
    expect(third.kind).toBe('exhausted');
    n = await row(n.id);
    expect(n).toMatchObject({
      step: 'finished',
      outcome: 'not_found',
      attempts: 3,
      statusId: world.statusIds.notEmitted,
    });
    expect(n.finishedAt).not.toBeNull();
    expect(await steps(n.id)).toEqual([
      'started',
      'document_invalid',
      'document_not_found',
      'document_invalid',
      'failed',
    ]);

    // Finished: a right document now, or an option, changes nothing.
    const after = await doc(n, MARIA_CPF);
    expect(after.kind).toBe('exhausted');
    expect((await choose(n, 1)).kind).toBe('invalid');
    expect(await row(n.id)).toEqual(n);
    expect(await steps(n.id)).toHaveLength(5);
  });

  it('finds the debts of a document however it is typed, with their offers numbered across them', async () => {
    const n = await start();
    const r = await doc(n, ' 52998224725 ');
    if (r.kind !== 'found') throw new Error(`esperava found, veio ${r.kind}`);
    expect(r.debtorName).toBe('Maria Souza');
    expect(r.debts).toEqual([
      {
        row_number: 1,
        description: 'Contrato 123',
        amount_cents: 100000,
        due_date: '2026-01-10',
        offers: [
          { option: 1, label: 'À vista', amount_cents: 85000, installments: 1 },
          { option: 2, label: 'Parcelado 3x', amount_cents: 30000, installments: 3 },
        ],
      },
      {
        row_number: 2,
        description: 'Contrato 456',
        amount_cents: 250050,
        due_date: '2026-02-15',
        // The installments offer has no amount in this row: not offered.
        offers: [{ option: 3, label: 'À vista', amount_cents: 200000, installments: 1 }],
      },
    ]);
    expect(debtsText(r.debts)).toBe(
      'Contrato 123 - R$ 1.000,00 - vencimento 10/01/2026\nContrato 456 - R$ 2.500,50 - vencimento 15/02/2026',
    );
    expect(offersText(r.debts)).toBe(
      '1 - Contrato 123: À vista R$ 850,00\n2 - Contrato 123: Parcelado 3x 3 x R$ 300,00\n3 - Contrato 456: À vista R$ 2.000,00',
    );
    const stored = await row(n.id);
    expect(stored).toMatchObject({ step: 'offers', document: '52998224725', debtorName: 'Maria Souza' });
    expect(stored.debts).toEqual(r.debts);
    expect(await steps(n.id)).toEqual(['started', 'document_validated']);
  });

  it('shows a debt without offers, and finds a CNPJ', async () => {
    const joao = await doc(await start(), '111.444.777-35');
    if (joao.kind !== 'found') throw new Error(joao.kind);
    expect(joao.debts).toEqual([
      { row_number: 3, description: 'Contrato 789', amount_cents: 50000, due_date: null, offers: [] },
    ]);
    const company = await doc(await start(), '11222333000181');
    if (company.kind !== 'found') throw new Error(company.kind);
    expect(company.debtorName).toBe('Padaria Boa Massa');
    expect(company.debts[0]).toMatchObject({ amount_cents: 123456, due_date: '2026-03-05' });
  });

  it('declines with 0: status not_emitted_invoice', async () => {
    const found = await doc(await start(), MARIA_CPF);
    const r = await choose(found.negotiation, 0);
    expect(r.kind).toBe('declined');
    const n = await row(found.negotiation.id);
    expect(n).toMatchObject({ step: 'finished', outcome: 'declined', statusId: world.statusIds.notEmitted });
    expect(n.slip).toBeNull();
    expect(await steps(n.id)).toEqual(['started', 'document_validated', 'declined']);
  });

  it('issues the slip of the chosen option: per-installment amount, due date in the company timezone', async () => {
    const found = await doc(await start(), MARIA_CPF);
    // Not an option: nothing changes.
    expect((await choose(found.negotiation, 9)).kind).toBe('invalid');
    expect((await choose(found.negotiation, Number.NaN)).kind).toBe('invalid');
    expect(await row(found.negotiation.id)).toEqual(found.negotiation);

    const r = await choose(found.negotiation, 2);
    if (r.kind !== 'issued') throw new Error(r.kind);
    const id = found.negotiation.id;
    expect(r.slip).toMatchObject({
      amount_cents: 30000,
      installments: 3,
      // Today in São Paulo is 2026-11-26 (not the UTC 27th), plus 3 due days.
      due_date: '2026-11-29',
      our_number: String(id).padStart(11, '0'),
      offer_label: 'Contrato 123 - Parcelado 3x',
    });
    expect(r.slip.barcode).toMatch(/^\d{44}$/);
    expect(r.slip.barcode.slice(0, 4)).toBe('2379');
    // FEBRABAN: the amount in the barcode's positions 10–19.
    expect(r.slip.barcode.slice(9, 19)).toBe('0000030000');
    // The Bradesco free field: agency, wallet, the negotiation id as our number, account, 0.
    expect(r.slip.barcode.slice(19)).toBe(`123409${String(id).padStart(11, '0')}00123450`);
    expect(barcodeFromDigitableLine(r.slip.digitable_line)).toBe(r.slip.barcode);

    const n = await row(id);
    expect(n).toMatchObject({ step: 'finished', outcome: 'emitted', statusId: world.statusIds.emitted });
    expect(n.slip).toEqual(r.slip);
    expect(await steps(id)).toEqual(['started', 'document_validated', 'offer_chosen', 'slip_issued']);

    // Asked again (a double click): the same slip, nothing written.
    const again = await choose(n, 1);
    expect(again).toEqual({ kind: 'issued', negotiation: n, slip: r.slip });
    expect(await row(id)).toEqual(n);
    expect(await steps(id)).toHaveLength(4);
  });

  it('counts the due days from the company clock: in UTC the 27th has begun', async () => {
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, world.companyId));
    await ctx.db.update(companies).set({ timezone: 'UTC' }).where(eq(companies.id, world.companyId));
    try {
      const found = await doc(await start(), MARIA_CPF);
      const r = await choose(found.negotiation, 1);
      if (r.kind !== 'issued') throw new Error(r.kind);
      expect(r.slip).toMatchObject({ amount_cents: 85000, installments: 1, due_date: '2026-11-30' });
    } finally {
      await ctx.db
        .update(companies)
        .set({ timezone: company?.timezone ?? 'America/Sao_Paulo' })
        .where(eq(companies.id, world.companyId));
    }
  });
});

describe('finding the negotiator', () => {
  it('by channel and by hash only while live, in its own company', async () => {
    expect((await negotiatorForChannel(ctx.db, world.companyId, 991))?.id).toBe(negotiator.id);
    expect(await negotiatorForChannel(ctx.db, world.companyId, 992)).toBeNull();
    expect((await negotiatorByHash(ctx.db, negotiator.hash))?.id).toBe(negotiator.id);
    expect(await negotiatorByHash(ctx.db, 'nao-existe')).toBeNull();

    // Another company's channel id finds nothing of this company.
    const other = await demoIds(ctx);
    const [otherCompany] = await ctx.db
      .select()
      .from(companies)
      .where(sql`${companies.id} <> ${other.companyId}`)
      .limit(1);
    expect(await negotiatorForChannel(ctx.db, otherCompany?.id ?? 0, 991)).toBeNull();

    // The company's flag off: neither.
    await setAllow(ctx, world.companyId, { negotiator: false });
    expect(await negotiatorForChannel(ctx.db, world.companyId, 991)).toBeNull();
    expect(await negotiatorByHash(ctx.db, negotiator.hash)).toBeNull();
    await setAllow(ctx, world.companyId, { negotiator: true });

    // Deleted: neither.
    const gone = await world.insertNegotiator({ channelIds: [993], deletedAt: new Date() });
    expect(await negotiatorForChannel(ctx.db, world.companyId, 993)).toBeNull();
    expect(await negotiatorByHash(ctx.db, gone.hash)).toBeNull();
  });
});
