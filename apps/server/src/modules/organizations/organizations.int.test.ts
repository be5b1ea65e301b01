import { ORGANIZATION_MSG } from '@prosa/shared/organizations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { organizationCompanies, organizations } from '../../db/schema/back-office';
import { companies } from '../../db/schema/companies';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;
let other: string;
let demoId: number;
let otherCompanyId: number;
let extraId: number;

const VALID = '11.222.333/0001-81';
const VALID2 = '11444777000161';
type Org = { id: number; name: string; cnpj: string; companies: { id: number; name: string }[] };

async function save(body: Record<string, unknown>, cookie = admin) {
  return http.post('/api/organizations/save', { cookie, body });
}
async function list(query: string, cookie = admin) {
  const r = await http.get(`/api/organizations${query}`, { cookie });
  return r.body as { items: Org[]; total: number; page: number; per_page: number };
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  admin = await http.login(ADMIN);
  other = await http.login(OTHER_ADMIN);
  const rows = await ctx.db.select({ id: companies.id, name: companies.name }).from(companies);
  demoId = rows.find((c) => c.name === 'Empresa Demo')?.id ?? 0;
  otherCompanyId = rows.find((c) => c.id !== demoId)?.id ?? 0;
  // A second company the demo admin reaches (its creator's list).
  const created = await http.post('/api/companies', {
    cookie: admin,
    body: {
      name: 'Filial Norte',
      domain: 'filialnorte.com.br',
      organization: 'Filial Norte Ltda',
      plan_id: 1,
    },
  });
  extraId = Number(created.body.id);
});
afterAll(async () => {
  await ctx.close();
});

describe('saving an organization', () => {
  it('answers the spec texts for a missing name or CNPJ, an invalid CNPJ, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', cnpj: VALID }, ORGANIZATION_MSG.nameRequired],
      [{ cnpj: VALID }, ORGANIZATION_MSG.nameRequired],
      [{ name: 'Grupo Demo', cnpj: '' }, ORGANIZATION_MSG.cnpjRequired],
      [{ name: 'Grupo Demo', cnpj: '11.222.333/0001-80' }, ORGANIZATION_MSG.cnpjInvalid],
      [{ name: 'Grupo Demo', cnpj: '00000000000000' }, ORGANIZATION_MSG.cnpjInvalid],
    ];
    for (const [body, message] of cases) {
      const r = await save(body);
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await ctx.db.select().from(organizations)).toHaveLength(0);
  });

  it('creates one with its companies, the CNPJ stored as digits, and refuses the same CNPJ again', async () => {
    const r = await save({ name: 'Grupo Demo', cnpj: VALID, company_ids: [demoId, extraId] });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(ORGANIZATION_MSG.saved);
    const org = r.body.organization as Org;
    expect(org.cnpj).toBe('11222333000181');
    expect(org.companies.map((c) => c.id).sort()).toEqual([demoId, extraId].sort());
    const [stored] = await ctx.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(stored?.cnpj).toBe('11222333000181');

    const again = await save({ name: 'Outro', cnpj: '11222333000181' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ORGANIZATION_MSG.cnpjTaken);
  });

  it('refuses a company the admin does not reach', async () => {
    const r = await save({ name: 'Grupo Alheio', cnpj: VALID2, company_ids: [demoId, otherCompanyId] });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(ORGANIZATION_MSG.companyNotFound);
    const found = await ctx.db.select().from(organizations).where(eq(organizations.cnpj, VALID2));
    expect(found).toHaveLength(0);
  });

  it('updates name, CNPJ and companies by id', async () => {
    const { items } = await list('?searchTerm=Grupo Demo');
    const org = items[0];
    if (!org) throw new Error('sem organização');
    const r = await save({ id: org.id, name: 'Grupo Demo S.A.', cnpj: VALID2, company_ids: [extraId] });
    expect(r.status).toBe(200);
    const got = await http.get(`/api/organizations/${org.id}`, { cookie: admin });
    expect(got.body).toMatchObject({ name: 'Grupo Demo S.A.', cnpj: VALID2 });
    expect((got.body as Org).companies.map((c) => c.id)).toEqual([extraId]);
  });
});

describe('listing', () => {
  it('pages by 10 or 25 with the total, and finds by name or CNPJ digits (masked or not)', async () => {
    const cnpjs = ['04252011000110', '33000167000101', '60701190000104', '60746948000112', '00360305000104'];
    for (const [i, cnpj] of cnpjs.entries())
      expect((await save({ name: `Lista ${i + 1}`, cnpj, company_ids: [demoId] })).status).toBe(200);
    const page1 = await list('?per_page=10&page=1&searchTerm=Lista');
    expect(page1.total).toBe(5);
    expect(page1.items.map((o) => o.name)).toEqual(['Lista 1', 'Lista 2', 'Lista 3', 'Lista 4', 'Lista 5']);
    const all = await list('?per_page=10');
    expect(all.total).toBe(6);
    const page2 = await list('?per_page=10&page=2');
    expect(page2.items).toHaveLength(0);
    expect((await list('?per_page=25')).per_page).toBe(25);
    const bad = await http.get('/api/organizations?per_page=7', { cookie: admin });
    expect(bad.status).toBe(400);

    expect((await list('?searchTerm=33.000.167')).items.map((o) => o.name)).toEqual(['Lista 2']);
    expect((await list('?searchTerm=60701190')).items.map((o) => o.name)).toEqual(['Lista 3']);
    expect((await list('?searchTerm=grupo')).items.map((o) => o.name)).toEqual(['Grupo Demo S.A.']);
  });

  it('offers in the company search only the companies the admin reaches', async () => {
    const r = await http.get('/api/organizations/companies?term=', { cookie: admin });
    const ids = (r.body as unknown as { id: number }[]).map((c) => c.id).sort();
    expect(ids).toEqual([demoId, extraId].sort());
    const byName = await http.get('/api/organizations/companies?term=Norte', { cookie: admin });
    expect((byName.body as unknown as { name: string }[]).map((c) => c.name)).toEqual(['Filial Norte']);
  });
});

describe('tenancy and roles', () => {
  it('hides from another admin the organizations whose companies they do not all reach', async () => {
    const theirs = await list('', other);
    expect(theirs.total).toBe(0);
    const { items } = await list('?searchTerm=Lista 1');
    const org = items[0];
    if (!org) throw new Error('sem organização');
    expect((await http.get(`/api/organizations/${org.id}`, { cookie: other })).status).toBe(404);
    const upd = await save({ id: org.id, name: 'Tomada', cnpj: '04252011000110' }, other);
    expect(upd.status).toBe(404);
    const del = await http.delete(`/api/organizations/${org.id}`, { cookie: other });
    expect(del.status).toBe(404);
    expect(del.body.message).toBe(ORGANIZATION_MSG.deleteError);
    const [still] = await ctx.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(still?.name).toBe('Lista 1');
  });

  it('shows another admin one all of whose companies they reach, though someone else created it', async () => {
    const [row] = await ctx.db
      .insert(organizations)
      .values({ name: 'Grupo Outra', cnpj: '45997418000153', createdBy: null })
      .returning();
    if (!row) throw new Error('sem organização');
    await ctx.db.insert(organizationCompanies).values({ organizationId: row.id, companyId: otherCompanyId });
    expect((await list('', other)).items.map((o) => o.name)).toEqual(['Grupo Outra']);
    expect((await list('?searchTerm=Grupo Outra')).total).toBe(0);
  });

  it('is for admins: a manager is refused', async () => {
    const gestor = await http.login(MANAGER);
    expect((await http.get('/api/organizations', { cookie: gestor })).status).toBe(403);
    expect((await save({ name: 'X', cnpj: VALID }, gestor)).status).toBe(403);
  });
});

describe('deleting', () => {
  it('deletes one with its company links; a second time answers the spec error', async () => {
    const { items } = await list('?searchTerm=Lista 5');
    const org = items[0];
    if (!org) throw new Error('sem organização');
    const r = await http.delete(`/api/organizations/${org.id}`, { cookie: admin });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(ORGANIZATION_MSG.deleted);
    const links = await ctx.db
      .select()
      .from(organizationCompanies)
      .where(eq(organizationCompanies.organizationId, org.id));
    expect(links).toHaveLength(0);
    const again = await http.delete(`/api/organizations/${org.id}`, { cookie: admin });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(ORGANIZATION_MSG.deleteError);
    expect((await list('?searchTerm=Lista')).total).toBe(4);
  });
});
