import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OTHER_ADMIN,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { userCompanies } from '../../db/schema/admin';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../platform/crypto';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;
let otherAdmin: string;
let demoId: number;
let otherId: number;

type Item = { id: number; name: string; status_id: number; inactive_since: string | null };
const items = (body: Record<string, unknown>) => body.items as Item[];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  admin = await http.login(ADMIN);
  otherAdmin = await http.login(OTHER_ADMIN);
  const rows = await ctx.db.select({ id: companies.id, name: companies.name }).from(companies);
  demoId = rows.find((r) => r.name === 'Empresa Demo')?.id ?? 0;
  otherId = rows.find((r) => r.name === 'Outra Empresa')?.id ?? 0;
});
afterAll(() => ctx.close());

const VALID = {
  name: 'Padaria Pão Quente',
  domain: 'paoquente.com.br',
  organization: 'Pão Quente ME',
  plan_id: 2,
};

describe('companies: list and new company', () => {
  it('an admin lists only the companies they manage: their own at first', async () => {
    const r = await http.get('/api/companies', { cookie: admin });
    expect(r.status).toBe(200);
    expect(items(r.body).map((c) => c.name)).toEqual(['Empresa Demo']);
    expect(r.body).toMatchObject({ total: 1, page: 1, per_page: 25 });
  });

  it('refuses a new company with each spec text', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...VALID, name: '  ' }, 'Nome é obrigatório'],
      [{ ...VALID, domain: '' }, 'Domínio é obrigatório'],
      [{ ...VALID, organization: undefined }, 'Organização é obrigatório'],
      [{ ...VALID, plan_id: undefined }, 'Plano é obrigatório'],
      [{ ...VALID, plan_id: 99 }, 'Plano é obrigatório'],
      [{}, 'Nome é obrigatório'],
    ];
    for (const [body, message] of cases) {
      const r = await http.post('/api/companies', { cookie: admin, body });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const list = await http.get('/api/companies', { cookie: admin });
    expect(list.body.total).toBe(1);
  });

  it('creates the company, which enters the creator’s list and not another admin’s', async () => {
    const r = await http.post('/api/companies', {
      cookie: admin,
      body: { ...VALID, view_data: { title: 'Pão Quente' } },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Padaria Pão Quente',
      domain: 'paoquente.com.br',
      organization: 'Pão Quente ME',
      plan_id: 2,
      plan_name: 'Profissional',
      status_id: 1,
      timezone: 'America/Sao_Paulo',
      view_data: { title: 'Pão Quente', logo: null, logo_login: null },
      addresses: [],
      custom_metadata: [],
    });
    const id = r.body.id as number;
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, id));
    expect(row?.data).toEqual({ use_filter_ip: false, ips: [] });
    expect(row?.metadata).toEqual({});

    const mine = await http.get('/api/companies', { cookie: admin });
    expect(items(mine.body).map((c) => c.name)).toEqual(['Empresa Demo', 'Padaria Pão Quente']);
    const theirs = await http.get('/api/companies', { cookie: otherAdmin });
    expect(items(theirs.body).map((c) => c.name)).toEqual(['Outra Empresa']);

    expect((await http.get(`/api/companies/${id}`, { cookie: admin })).status).toBe(200);
    expect((await http.get(`/api/companies/${id}`, { cookie: otherAdmin })).status).toBe(404);
  });

  it('searches by name or domain (case-insensitive) and pages', async () => {
    for (const n of ['Alfa', 'Beta', 'Gama']) {
      const r = await http.post('/api/companies', {
        cookie: admin,
        body: { name: `Loja ${n}`, domain: `${n.toLowerCase()}.com.br`, organization: n, plan_id: 1 },
      });
      expect(r.status).toBe(200);
    }
    const byName = await http.get('/api/companies?search=loja', { cookie: admin });
    expect(items(byName.body).map((c) => c.name)).toEqual(['Loja Alfa', 'Loja Beta', 'Loja Gama']);
    const byDomain = await http.get('/api/companies?search=BETA.COM', { cookie: admin });
    expect(items(byDomain.body).map((c) => c.name)).toEqual(['Loja Beta']);
    // LIKE wildcards typed by the user are plain characters.
    expect((await http.get('/api/companies?search=%25', { cookie: admin })).body.total).toBe(0);

    const page2 = await http.get('/api/companies?per_page=2&page=2', { cookie: admin });
    expect(page2.body).toMatchObject({ total: 5, page: 2, per_page: 2 });
    // By name: Empresa Demo, Loja Alfa | Loja Beta, Loja Gama | Padaria Pão Quente.
    expect(items(page2.body).map((c) => c.name)).toEqual(['Loja Beta', 'Loja Gama']);
  });

  it('the platform owner lists every company', async () => {
    await ctx.db.insert(users).values({
      companyId: demoId,
      name: 'Dono da Plataforma',
      displayName: 'Dono',
      email: 'dono@prosa.dev',
      role: 1000,
      passwordHash: await hashPassword(PASSWORD),
    });
    const lord = await http.login('dono@prosa.dev');
    const r = await http.get('/api/companies?per_page=100', { cookie: lord });
    expect(items(r.body).map((c) => c.name)).toContain('Outra Empresa');
    expect(r.body.total).toBe(6);
  });
});

describe('companies: access', () => {
  it('a manager is refused on the admin routes', async () => {
    const manager = await http.login(MANAGER);
    const calls = [
      http.get('/api/companies', { cookie: manager }),
      http.post('/api/companies', { cookie: manager, body: VALID }),
      http.get(`/api/companies/${demoId}`, { cookie: manager }),
      http.patch(`/api/companies/${demoId}`, { cookie: manager, body: { name: 'X' } }),
      http.patch(`/api/companies/${demoId}/status`, { cookie: manager, body: { status_id: 1 } }),
      http.get(`/api/companies/${demoId}/ip-filter`, { cookie: manager }),
      http.get('/api/plans', { cookie: manager }),
      http.get('/api/timezones', { cookie: manager }),
    ];
    for (const r of await Promise.all(calls)) expect(r.status).toBe(403);
  });

  it('another company’s admin gets 404 for Empresa Demo, and the demo admin for Outra Empresa', async () => {
    expect((await http.get(`/api/companies/${demoId}`, { cookie: otherAdmin })).status).toBe(404);
    const patch = await http.patch(`/api/companies/${demoId}`, {
      cookie: otherAdmin,
      body: { name: 'Roubada' },
    });
    expect(patch.status).toBe(404);
    const status = await http.patch(`/api/companies/${demoId}/status`, {
      cookie: otherAdmin,
      body: { status_id: 2, inactive_since_change: '01/01/2030' },
    });
    expect(status.status).toBe(404);
    expect((await http.get(`/api/companies/${otherId}`, { cookie: admin })).status).toBe(404);
    const [demo] = await ctx.db.select().from(companies).where(eq(companies.id, demoId));
    expect(demo?.name).toBe('Empresa Demo');
    expect(demo?.statusId).toBe(1);
  });

  it('lists plans and Brazilian timezones', async () => {
    const plans = await http.get('/api/plans', { cookie: admin });
    expect(plans.body).toEqual([
      { id: 1, name: 'Essencial' },
      { id: 2, name: 'Profissional' },
      { id: 3, name: 'Enterprise' },
    ]);
    const tz = (await http.get('/api/timezones', { cookie: admin })).body as unknown as { value: string }[];
    expect(tz.map((t) => t.value)).toEqual(
      expect.arrayContaining(['America/Sao_Paulo', 'America/Manaus', 'UTC']),
    );
    expect(tz).toHaveLength(16);
  });
});

describe('companies: edit', () => {
  it('saves addresses, responsibles (phone digits), timezone, title and metadata', async () => {
    const r = await http.patch(`/api/companies/${demoId}`, {
      cookie: admin,
      body: {
        addresses: [
          {
            tipo: 'Comercial',
            logradouro: 'Av. Paulista',
            numero: '1000',
            bairro: 'Bela Vista',
            cep: '01310-100',
            cidade: 'São Paulo',
            observacao: '',
          },
        ],
        responsibles: [
          {
            nome: 'Carla Souza',
            email: 'carla@empresademo.com.br',
            celular: '(11) 98765-4321',
            titulo: 'Diretora',
            telefone: '(11) 3333-4444',
          },
          { nome: 'Importador', celular: '+1 415 555 0100' },
        ],
        timezone: 'America/Manaus',
        view_data: { title: 'Demo Atendimento' },
        custom_metadata: [
          { key: 'erp_id', value: '123' },
          { key: 'segmento', value: 'varejo' },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Empresa atualizada com sucesso!');
    const detail = (await http.get(`/api/companies/${demoId}`, { cookie: admin })).body;
    expect(detail).toMatchObject({
      name: 'Empresa Demo',
      timezone: 'America/Manaus',
      view_data: { title: 'Demo Atendimento' },
      addresses: [{ logradouro: 'Av. Paulista', cep: '01310100', cidade: 'São Paulo' }],
      responsibles: [
        { nome: 'Carla Souza', celular: '11987654321', telefone: '1133334444' },
        { nome: 'Importador', celular: '+14155550100', email: '', telefone: '' },
      ],
      custom_metadata: [
        { key: 'erp_id', value: '123' },
        { key: 'segmento', value: 'varejo' },
      ],
    });
    // The features every screen reads follow the new timezone.
    const features = await http.get('/api/company/features', { cookie: admin });
    expect(features.body.timezone).toBe('America/Manaus');
    await http.patch(`/api/companies/${demoId}`, { cookie: admin, body: { timezone: 'America/Sao_Paulo' } });
  });

  it('refuses each invalid field with its text and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Nome é obrigatório'],
      [{ plan_id: 7 }, 'Plano é obrigatório'],
      [{ timezone: 'Europe/Lisbon' }, 'Selecione um fuso horário da lista.'],
      [
        { responsibles: [{ nome: 'A', celular: '(11) 9876' }] },
        'Informe um telefone válido: (99) 99999-9999.',
      ],
      [{ responsibles: [{ nome: 'A', email: 'carla@' }] }, 'Informe um e-mail válido.'],
      [{ responsibles: [{ nome: '' }] }, 'Nome do responsável é obrigatório'],
      [{ addresses: [{ logradouro: 'Rua A', cep: '123' }] }, 'O CEP deve ter 8 dígitos.'],
      [{ addresses: [{ logradouro: ' ' }] }, 'Logradouro é obrigatório'],
      [{ custom_metadata: [{ key: '', value: 'x' }] }, 'Informe a chave do metadado.'],
      [
        {
          custom_metadata: [
            { key: 'erp', value: '1' },
            { key: 'ERP', value: '2' },
          ],
        },
        'Já existe um metadado com esta chave.',
      ],
    ];
    for (const [body, message] of cases) {
      const r = await http.patch(`/api/companies/${demoId}`, { cookie: admin, body });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const [demo] = await ctx.db.select().from(companies).where(eq(companies.id, demoId));
    expect(demo?.timezone).toBe('America/Sao_Paulo');
    expect(demo?.customMetadata).toHaveLength(2);
  });
});

describe('companies: status', () => {
  async function companyWithUser(name: string, email: string) {
    const r = await http.post('/api/companies', {
      cookie: admin,
      body: { name, domain: `${email.split('@')[1]}`, organization: name, plan_id: 1 },
    });
    const id = r.body.id as number;
    await ctx.db.insert(users).values({
      companyId: id,
      name: `Usuária de ${name}`,
      displayName: 'Usuária',
      email,
      role: 0,
      passwordHash: await hashPassword(PASSWORD),
    });
    return id;
  }

  it('inactivation needs a date; logins and open sessions of the inactive company are refused', async () => {
    const id = await companyWithUser('Mercado Central', 'caixa@mercadocentral.com.br');
    const session = await http.login('caixa@mercadocentral.com.br');

    for (const body of [{ status_id: 2 }, { status_id: 2, inactive_since_change: '31/02/2026' }]) {
      const r = await http.patch(`/api/companies/${id}/status`, { cookie: admin, body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Favor informar uma data de inativação.');
    }

    const off = await http.patch(`/api/companies/${id}/status`, {
      cookie: admin,
      body: { status_id: 2, inactive_since_change: '15/03/2026' },
    });
    expect(off.status).toBe(200);
    expect(off.body.company).toMatchObject({ status_id: 2, inactive_since: '2026-03-15T03:00:00.000Z' });

    const login = await http.post('/api/auth/login', {
      body: { email: 'caixa@mercadocentral.com.br', password: PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Empresa inativa. Entre em contato com o atendimento.');
    const open = await http.get('/api/auth/me', { cookie: session });
    expect(open.status).toBe(403);

    const listed = items((await http.get('/api/companies?search=mercado', { cookie: admin })).body);
    expect(listed[0]).toMatchObject({ status_id: 2, inactive_since: '2026-03-15T03:00:00.000Z' });

    const on = await http.patch(`/api/companies/${id}/status`, { cookie: admin, body: { status_id: 1 } });
    expect(on.status).toBe(200);
    expect(on.body.company).toMatchObject({ status_id: 1, inactive_since: null });
    await http.login('caixa@mercadocentral.com.br');
  });

  it('an admin cannot inactivate their own company', async () => {
    const r = await http.patch(`/api/companies/${demoId}/status`, {
      cookie: admin,
      body: { status_id: 2, inactive_since_change: '01/01/2030' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Não é possível inativar a empresa à qual você pertence.');
    await http.login(ADMIN);
  });
});

describe('companies: IP allow-list of a managed company', () => {
  it('shares the validation of the own-company list and is enforced as soon as it is saved', async () => {
    // The demo admin manages Outra Empresa from now on.
    await ctx.db.insert(userCompanies).values({ userId: await userId(ADMIN), companyId: otherId });
    const current = await http.get(`/api/companies/${otherId}/ip-filter`, { cookie: admin });
    expect(current.status).toBe(200);
    expect(current.body).toEqual({ ipFilter: { use_filter_ip: false, ips: [] }, currentIp: '127.0.0.1' });

    const invalid = await http.put(`/api/companies/${otherId}/ip-filter`, {
      cookie: admin,
      body: { use_filter_ip: true, ips: [{ ip: '10.0.0.1', mask: 40 }] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('A máscara deve ser maior que 0 e menor que 33.');

    // Not the caller's own company: a list without the caller's address is not a lock-out.
    const saved = await http.put(`/api/companies/${otherId}/ip-filter`, {
      cookie: admin,
      body: { use_filter_ip: true, ips: [{ ip: '200.10.0.0', mask: 16 }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Empresa atualizada com sucesso!');

    const refused = await http.post('/api/auth/login', { body: { email: OTHER_ADMIN, password: PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Acesso não permitido a partir deste endereço IP.');
    expect((await http.get('/api/companies', { cookie: otherAdmin })).status).toBe(403);
    const fromOffice = await http.login(OTHER_ADMIN, PASSWORD, '200.10.3.4');
    // The demo admin's own access is untouched.
    expect((await http.get('/api/companies', { cookie: admin })).status).toBe(200);

    // The own company through the same route keeps the lock-out protection.
    const own = await http.put(`/api/companies/${demoId}/ip-filter`, {
      cookie: admin,
      body: { use_filter_ip: true, ips: [{ ip: '200.10.0.0', mask: 16 }] },
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toMatch(/O seu IP atual não está na lista/);

    // Another admin cannot read or change a list of a company that is not theirs.
    const foreign = await http.get(`/api/companies/${demoId}/ip-filter`, {
      cookie: fromOffice,
      ip: '200.10.3.4',
    });
    expect(foreign.status).toBe(404);
  });
});

async function userId(email: string): Promise<number> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email)));
  return row?.id ?? 0;
}
