import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../test/helpers/test-app';
import { barcodeFromDigitableLine } from '../modules/negotiator/slip/febraban';
import { DEMO_NEGOTIATOR_HASH, seedNegotiatorSamples } from './negotiator-samples';
import { seedSampleConversations } from './sample-conversations';

// `npm start` on a fresh machine: the demo has a debt mailing, "Negociador Demo" on a web chat and multichannel link
// of its own (the demo site's web chat stays with the operators), its hotsite, and two finished negotiations the
// negotiation report shows.

let ctx: TestContext;

const counts = async () => {
  const r = await ctx.db.execute<Record<string, number>>(sql`select
    (select count(*)::int from mailings) as mailings,
    (select count(*)::int from mailing_rows) as rows,
    (select count(*)::int from statuses) as statuses,
    (select count(*)::int from negotiators) as negotiators,
    (select count(*)::int from negotiations) as negotiations,
    (select count(*)::int from domain_events where name = 'negotiation.step') as facts`);
  return r.rows[0];
};

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  expect(await seedSampleConversations(ctx.db, ctx.deps.appSecret)).toBe(true);
  expect(await seedNegotiatorSamples(ctx.db, ctx.deps.storage)).toBe(true);
});
afterAll(async () => ctx?.close());

describe('negotiator samples of the demo data', () => {
  it('are written once: a second run changes nothing', async () => {
    const before = await counts();
    expect(await seedNegotiatorSamples(ctx.db, ctx.deps.storage)).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('put Negociador Demo on its own link and web chat, with its three control statuses and a debt mailing', async () => {
    const r = await ctx.db.execute<{
      name: string;
      channel_ids: number[];
      web: number;
      link: string;
      validate: string;
      emitted: string;
      not_emitted: string;
      mailing: string;
      rows: number;
    }>(sql`select n.name, n.channel_ids, l.hash as link,
        (l.payload->'web'->>'webchat')::int as web,
        (select name from statuses where id = n.status_validate_document) as validate,
        (select name from statuses where id = n.status_emitted_invoice) as emitted,
        (select name from statuses where id = n.status_not_emitted_invoice) as not_emitted,
        m.title as mailing, m.row_count as rows
      from negotiators n
      join multichannel_links l on l.company_id = n.company_id and l.id = n.multichannel_id
      join mailings m on m.company_id = n.company_id and m.id = n.mailing_id
      where n.hash = ${DEMO_NEGOTIATOR_HASH}`);
    const row = r.rows[0];
    expect(row).toMatchObject({
      name: 'Negociador Demo',
      link: 'negociacao-demo',
      validate: 'Validando documento',
      emitted: 'Boleto emitido',
      not_emitted: 'Boleto não emitido',
      mailing: 'Carteira de cobrança',
      rows: 8,
    });
    expect(row?.channel_ids).toEqual([row?.web]);
    const web = await ctx.db.execute<{ code: string }>(
      sql`select route_key as code from channels where id = ${row?.web ?? 0}`,
    );
    expect(web.rows[0]?.code).toBe('demo-negociacao');
  });

  it('open the hotsite and show two finished negotiations, one with a real slip, in the report', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/negociar/${DEMO_NEGOTIATOR_HASH}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Negocie seus débitos com a Empresa Demo');

    const r = await ctx.db.execute<{
      outcome: string;
      debtor_name: string;
      slip: { digitable_line: string; amount_cents: number } | null;
    }>(sql`select outcome, debtor_name, slip from negotiations order by id`);
    expect(r.rows.map((n) => [n.outcome, n.debtor_name])).toEqual([
      ['emitted', 'Mariana Alves'],
      ['declined', 'Rafael Costa'],
    ]);
    const slip = r.rows[0]?.slip;
    expect(slip?.amount_cents).toBe(85000);
    expect(barcodeFromDigitableLine(slip?.digitable_line ?? '')).toMatch(/^2379\d{40}$/);

    const http = api(ctx);
    const cookie = await http.login(MANAGER);
    const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);
    const from = day(new Date(Date.now() - 86_400_000));
    const report = await http.get(`/api/reports/negotiation?fromDate=${from}&toDate=${day(new Date())}`, {
      cookie,
    });
    expect(report.status).toBe(200);
    expect(report.body.total).toBe(2);
    expect(JSON.stringify(report.body)).toContain('***.982.247-**');
  });
});
