import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  OPERATOR,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../platform/crypto';

let ctx: TestContext;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
});
afterAll(() => ctx.close());

const OFFICE = '10.1.2.3';

describe('IP allow-list', () => {
  it('validates entries with the spec texts and changes nothing on error', async () => {
    const admin = await http.login(ADMIN, PASSWORD, OFFICE);
    const cases: [unknown, string][] = [
      [{ ip: '', mask: 32 }, 'Preencha o campo com um IP.'],
      [{ ip: '300.1.1.1', mask: 32 }, 'Preencha o campo com um IP válido.'],
      [{ ip: '10.0.0.1', mask: 0 }, 'A máscara deve ser maior que 0 e menor que 33.'],
      [{ ip: '10.0.0.1', mask: 33 }, 'A máscara deve ser maior que 0 e menor que 33.'],
    ];
    for (const [entry, message] of cases) {
      const r = await http.put('/api/company/ip-filter', {
        cookie: admin,
        ip: OFFICE,
        body: { use_filter_ip: true, ips: [entry] },
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const dup = await http.put('/api/company/ip-filter', {
      cookie: admin,
      ip: OFFICE,
      body: {
        use_filter_ip: true,
        ips: [
          { ip: '10.0.0.0', mask: 8 },
          { ip: '10.0.0.0', mask: 8 },
        ],
      },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('Este IP já está na lista.');
    const current = await http.get('/api/company/security', { cookie: admin, ip: OFFICE });
    expect(current.body.ipFilter).toEqual({ use_filter_ip: false, ips: [] });
  });

  it('refuses a list that would lock the admin out from the address they are using', async () => {
    const admin = await http.login(ADMIN, PASSWORD, OFFICE);
    const r = await http.put('/api/company/ip-filter', {
      cookie: admin,
      ip: OFFICE,
      body: { use_filter_ip: true, ips: [{ ip: '192.168.0.0', mask: 16 }] },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/O seu IP atual não está na lista/);
  });

  it('once saved, is enforced at login and on every request of the company, but not for 1000', async () => {
    const admin = await http.login(ADMIN, PASSWORD, OFFICE);
    const opSessionFromHome = await http.login(OPERATOR, PASSWORD, '192.168.1.5');

    const saved = await http.put('/api/company/ip-filter', {
      cookie: admin,
      ip: OFFICE,
      body: {
        use_filter_ip: true,
        ips: [
          { ip: '10.0.0.0', mask: 8 },
          { ip: '200.150.10.7', mask: 32 },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Empresa atualizada com sucesso!');

    const refused = await http.post('/api/auth/login', {
      body: { email: OPERATOR, password: PASSWORD },
      ip: '192.168.1.5',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Acesso não permitido a partir deste endereço IP.');
    expect(refused.res.headers['set-cookie']).toBeUndefined();

    // An open session is refused from an address outside the list on its next request.
    const mid = await http.get('/api/sectors', { cookie: opSessionFromHome, ip: '192.168.1.5' });
    expect(mid.status).toBe(403);
    expect(mid.body.code).toBe('IP_NOT_ALLOWED');

    expect(
      (
        await http.post('/api/auth/login', {
          body: { email: OPERATOR, password: PASSWORD },
          ip: '10.200.0.9',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await http.post('/api/auth/login', {
          body: { email: OPERATOR, password: PASSWORD },
          ip: '200.150.10.7',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await http.post('/api/auth/login', {
          body: { email: OPERATOR, password: PASSWORD },
          ip: '200.150.10.8',
        })
      ).status,
    ).toBe(403);

    // The platform owner (role 1000) of the same company is not restricted.
    const [demo] = await ctx.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
    await ctx.db.insert(users).values({
      companyId: demo?.id ?? 0,
      name: 'Dono da Plataforma',
      displayName: 'Dono',
      email: 'dono@prosa.dev',
      role: 1000,
      passwordHash: await hashPassword(PASSWORD),
    });
    expect(
      (
        await http.post('/api/auth/login', {
          body: { email: 'dono@prosa.dev', password: PASSWORD },
          ip: '8.8.8.8',
        })
      ).status,
    ).toBe(200);

    // Switching the filter off lifts the restriction at once.
    await http.put('/api/company/ip-filter', {
      cookie: admin,
      ip: OFFICE,
      body: { use_filter_ip: false, ips: [] },
    });
    expect((await http.get('/api/sectors', { cookie: opSessionFromHome, ip: '192.168.1.5' })).status).toBe(
      200,
    );
  });
});
