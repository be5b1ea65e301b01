import { formatDate } from '@prosa/shared/dates';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import { ADMIN, api, createTestContext, OTHER_ADMIN, type TestContext } from '../../../test/helpers/test-app';
import { attendances, persons } from '../../db/schema/attendance';

// Spec 2 §3 History filters "contract" and "emails".
let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: string;

const day = (offset: number) =>
  formatDate(new Date(Date.now() + offset * 86_400_000), 'America/Sao_Paulo')
    .split('/')
    .reverse()
    .join('-');
const period = () => `fromDate=${day(-1)}&toDate=${day(1)}`;

/** A web chat conversation finalized by the admin, with contact fields and contact-record e-mails. */
async function closed(name: string, metadata: Record<string, string>, emails: string[]) {
  const v = await newVisitor(ctx, name);
  await v.send('Olá');
  const list = await http.get('/api/attendances', { cookie: admin });
  const card = (list.body.items as { id: number; name: string; sector_id: number }[]).find(
    (c) => c.name === name,
  );
  if (!card) throw new Error('sem card');
  const where = and(eq(attendances.companyId, ids.companyId), eq(attendances.id, card.id));
  // The values an operator fills in the chat's contact fields (contact-fields module), and the record's e-mails.
  await ctx.db
    .update(attendances)
    .set({ data: sql`${attendances.data} || ${JSON.stringify({ contact_metadata: metadata })}::jsonb` })
    .where(where);
  const [row] = await ctx.db.select({ personId: attendances.personId }).from(attendances).where(where);
  await ctx.db
    .update(persons)
    .set({ emails })
    .where(and(eq(persons.companyId, ids.companyId), eq(persons.id, row?.personId ?? 0)));
  await http.post(`/api/set-status/${ids.companyId}/${card.sector_id}/${ids.user(ADMIN)}`, {
    cookie: admin,
    body: { status: ids.status('Resolvido'), contact: card.id },
  });
  return card.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  ids = await demoIds(ctx);
  admin = await http.login(ADMIN);
  await closed('Helena', { contrato: 'CT-1001', valor_contrato: '1.500,00' }, ['helena@casa.com.br']);
  await closed('Igor', { contrato: 'CT-2002' }, ['igor@trabalho.com.br', 'Igor.Pessoal@Mail.com']);
  await closed('Júlia', {}, []);
});
afterAll(() => ctx.close());

type Row = { name: string; contract: string | null; contract_value: string | null };

async function names(query: string, cookie = admin) {
  const r = await http.get(`/api/history?${period()}&${query}`, { cookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.items as Row[]).map((x) => x.name).sort();
}

describe('history filter: contract', () => {
  it("matches the attendance's contract whole, without regard to case or outer spaces, and shows it", async () => {
    expect(await names('contract=CT-1001')).toEqual(['Helena']);
    expect(await names(`contract=${encodeURIComponent('  ct-2002 ')}`)).toEqual(['Igor']);
    const r = await http.get(`/api/history?${period()}&contract=CT-1001`, { cookie: admin });
    expect((r.body.items as Row[])[0]).toMatchObject({ contract: 'CT-1001', contract_value: '1.500,00' });
    // Without the filter every row carries its own contract (or none).
    const all = await http.get(`/api/history?${period()}`, { cookie: admin });
    const byName = Object.fromEntries((all.body.items as Row[]).map((x) => [x.name, x.contract]));
    expect(byName).toEqual({ Helena: 'CT-1001', Igor: 'CT-2002', Júlia: null });
  });

  it('finds nothing for another number or a part of one, and nothing of another company', async () => {
    expect(await names('contract=CT-9999')).toEqual([]);
    expect(await names('contract=CT-1')).toEqual([]);
    expect(await names('contract=CT-1001', await http.login(OTHER_ADMIN))).toEqual([]);
    expect(
      (await http.get(`/api/history?${period()}&contract=${'9'.repeat(61)}`, { cookie: admin })).status,
    ).toBe(400);
  });

  it('narrows the export too', async () => {
    const r = await ctx.app.inject({
      method: 'GET',
      url: `/api/history/export?${period()}&contract=CT-2002`,
      headers: { cookie: admin },
    });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('Igor');
    expect(r.body).not.toContain('Helena');
  });
});

describe('history filter: e-mails', () => {
  it("matches any listed address among the contact record's e-mails, without regard to case", async () => {
    expect(await names('emails=helena@casa.com.br')).toEqual(['Helena']);
    expect(await names(`emails=${encodeURIComponent('igor.pessoal@mail.com')}`)).toEqual(['Igor']);
    expect(await names(`emails=${encodeURIComponent('HELENA@casa.com.br, igor@trabalho.com.br')}`)).toEqual([
      'Helena',
      'Igor',
    ]);
    // Together with the contract filter both must hold.
    expect(await names('emails=helena@casa.com.br&contract=CT-2002')).toEqual([]);
  });

  it('finds nothing for unknown addresses or another company, and refuses malformed lists', async () => {
    expect(await names('emails=ninguem@casa.com.br')).toEqual([]);
    for (const bad of ['casa.com.br', Array.from({ length: 11 }, (_, i) => `c${i}@x.com.br`).join(',')]) {
      const r = await http.get(`/api/history?${period()}&emails=${encodeURIComponent(bad)}`, {
        cookie: admin,
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Informe e-mails válidos, separados por vírgula (até 10).');
    }
    expect(await names('emails=helena@casa.com.br', await http.login(OTHER_ADMIN))).toEqual([]);
  });
});
