import { sql as dsql, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { statuses } from '../../db/schema/organization';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/errors';
import { insertChannel, insertHourly, mergeMetadata } from './reports-fixtures';
import { reportContext, runReport } from './run-report';

// The reports route: access, filters' messages, the CSV, the time-out; the lookups; statuses.success.
let ctx: TestContext;
let http: ReturnType<typeof api>;
let gestor: string;
let admin: string;
let ids: Awaited<ReturnType<typeof demoIds>>;

type Lookups = {
  users: { id: number; name: string; role: number; inactive: boolean }[];
  channels: { id: number; name: string; kind: string; kind_label: string; deleted: boolean }[];
  sectors: { id: number; name: string }[];
  statuses: { id: number; name: string; should_close: number; success: boolean; trashed: boolean }[];
  profiles: { value: string; label: string }[];
  waent_enabled: boolean;
};

async function lookups(cookie = gestor) {
  const r = await http.get('/api/reports/lookups', { cookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Lookups;
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  gestor = await http.login(MANAGER);
  admin = await http.login(ADMIN);
});
afterAll(() => ctx.close());

describe('access', () => {
  it('answers 401 without a session and 403 to an operator', async () => {
    expect((await http.get('/api/reports/productivity')).status).toBe(401);
    expect((await http.get('/api/reports/lookups')).status).toBe(401);
    const op = await http.login(OPERATOR);
    expect((await http.get('/api/reports/productivity', { cookie: op })).status).toBe(403);
    expect((await http.get('/api/reports/lookups', { cookie: op })).status).toBe(403);
  });
});

describe('filters', () => {
  const bad = async (key: string, query: string) => {
    const r = await http.get(`/api/reports/${key}?${query}`, { cookie: gestor });
    expect(r.status).toBe(400);
    return r.body.message;
  };

  it('answers the period rules in Portuguese', async () => {
    expect(await bad('analytic', 'fromDate=01/03/2026&toDate=31/03/2026')).toBe(
      'O período máximo deste relatório é de 30 dias.',
    );
    expect(await bad('message-consumption', 'fromDate=2026-03-01&toDate=2026-03-31')).toBe(
      'O período máximo deste relatório é de 30 dias.',
    );
    expect(await bad('productivity', 'fromDate=10/03/2026&toDate=09/03/2026')).toBe(
      'A data de início deve ser menor ou igual a data de fim!',
    );
    expect(await bad('productivity', 'fromDate=31/02/2026&toDate=09/03/2026')).toBe('Data inválida.');
    expect(await bad('productivity', 'fromDate=ontem')).toBe('Data inválida.');
  });

  it('refuses an unknown profile or id', async () => {
    expect(await bad('productivity', 'profile_type=5')).toBe('Perfil inválido.');
    expect(await bad('productivity', 'operator_id=abc')).toBe('Filtro inválido.');
    expect(await bad('analytic', 'channel_id=99999999999')).toBe('Filtro inválido.');
    // Ids of another company's records (or of none) are not found.
    const olgaId = (
      await ctx.db.execute<{ id: number }>(dsql`select id from users where email = ${OTHER_ADMIN}`)
    ).rows[0]?.id;
    const foreign = await http.get(`/api/reports/productivity?operator_id=${olgaId}`, { cookie: gestor });
    expect(foreign.status).toBe(404);
    expect(
      (
        await http.get('/api/reports/analytic?sector_id=999999&fromDate=01/03/2026&toDate=02/03/2026', {
          cookie: gestor,
        })
      ).status,
    ).toBe(404);
    const unknown = await http.get('/api/reports/nada', { cookie: gestor });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Relatório não encontrado.');
  });
});

describe('CSV', () => {
  it('names the file after the catalogue, puts title and period first and headers second', async () => {
    await insertHourly(ctx.db, ids.companyId, [
      {
        hour: '2026-05-04T13:00:00Z',
        operatorId: ids.user(OPERATOR),
        statusId: ids.status('Resolvido'),
        closed: 4,
      },
    ]);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports/effectiveness?fromDate=01/05/2026&toDate=31/05/2026&format=csv',
      headers: { cookie: gestor },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="relatorio-efetividade.csv"');
    expect(res.body.slice(1).split('\r\n').slice(0, 4)).toEqual([
      'Efetividade - 01/05/2026 a 31/05/2026',
      'Operador;Atendimentos encerrados;Encerrados com sucesso;Efetividade (%)',
      'Ana Operadora;4;0;0,00',
      'Total;4;0;0,00',
    ]);
  });

  it('answers 404 with the spec text when there is nothing to download', async () => {
    const r = await http.get('/api/reports/productivity?fromDate=01/01/2025&toDate=31/01/2025&format=csv', {
      cookie: gestor,
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Não foram encontrados dados para os filtros aplicados.');
    const json = await http.get('/api/reports/productivity?fromDate=01/01/2025&toDate=31/01/2025', {
      cookie: gestor,
    });
    expect(json.body.rows).toEqual([]);
  });
});

describe('time-out', () => {
  it('answers report_timeout (408) when the period passes the background threshold', async () => {
    await mergeMetadata(ctx.db, ids.companyId, {
      allow: { background_reports: true },
      reports: { analytic: { period: 5 } },
    });
    const r = await http.get('/api/reports/analytic?fromDate=01/03/2026&toDate=10/03/2026', {
      cookie: gestor,
    });
    expect(r.status).toBe(408);
    expect(r.body.code).toBe('report_timeout');
    expect(r.body.message).toBe(
      'Este período passa do limite para gerar na tela definido nas configurações. Deseja enviá-lo para processamento em segundo plano?',
    );
    const short = await http.get('/api/reports/analytic?fromDate=01/03/2026&toDate=05/03/2026', {
      cookie: gestor,
    });
    expect(short.status).toBe(200);
    await mergeMetadata(ctx.db, ids.companyId, { allow: {}, reports: {} });
  });

  it('answers report_timeout when a report outlasts the statement time-out', async () => {
    const caller = {
      sessionId: 'test',
      userId: ids.user(MANAGER),
      companyId: ids.companyId,
      role: 1,
      displayName: 'Gustavo',
    };
    const rctx = await reportContext(
      ctx.deps,
      caller,
      'analytic',
      { fromDate: '2026-03-01', toDate: '2026-03-05', profile_type: null } as never,
      'json',
    );
    const slow = runReport('analytic', rctx, 100, async (c) => {
      await c.db.execute(dsql`select pg_sleep(2)`);
      return { title: 'x', columns: [], rows: [] };
    });
    await expect(slow).rejects.toBeInstanceOf(AppError);
    await expect(slow).rejects.toMatchObject({ code: 'report_timeout', httpStatus: 408 });
    // Without a limit the same work finishes.
    const done = await runReport('analytic', rctx, null, async (c) => {
      await c.db.execute(dsql`select pg_sleep(0.2)`);
      return { title: 'x', columns: [], rows: [] };
    });
    expect(done.title).toBe('x');
  });
});

describe('lookups', () => {
  it("lists users up to the caller's role, inactive ones marked", async () => {
    await ctx.db
      .update(users)
      .set({ inactiveSince: new Date() })
      .where(eq(users.id, ids.user(OPERATOR2)));
    const mine = await lookups();
    expect(mine.users.map((u) => u.name).sort()).toEqual([
      'Ana Operadora',
      'Bruno Operador (Inativo)',
      'Gustavo Gestor',
    ]);
    expect(mine.users.find((u) => u.id === ids.user(OPERATOR2))?.inactive).toBe(true);
    expect(mine.profiles.map((p) => p.label)).toEqual(['Todos', 'Gestor', 'Operador']);
    const all = await lookups(admin);
    expect(all.users.map((u) => u.name)).toContain('Alice Administradora');
    expect(all.users.map((u) => u.name)).not.toContain('Olga Admin');
    expect(all.profiles.map((p) => p.label)).toEqual(['Todos', 'Gestor', 'Operador', 'Lord']);
    expect(all.sectors.map((s) => s.name)).toEqual(['Comercial', 'Suporte', 'Financeiro']);
  });

  it('shows WhatsApp Enterprise channels only with the module, deleted channels marked', async () => {
    const old = await insertChannel(ctx.db, ids.companyId, {
      kind: 'waent',
      name: 'WA Velho',
      sectorId: ids.sector('Comercial'),
      deleted: true,
    });
    const before = await lookups();
    expect(before.waent_enabled).toBe(false);
    expect(before.channels.map((c) => c.kind)).not.toContain('waent');
    expect(before.channels.map((c) => c.name)).toContain('Site da Empresa Demo');
    const live = await insertChannel(ctx.db, ids.companyId, {
      kind: 'waent',
      name: 'WA Oficial',
      sectorId: ids.sector('Comercial'),
    });
    const after = await lookups();
    expect(after.waent_enabled).toBe(true);
    expect(after.channels.filter((c) => c.kind === 'waent')).toEqual([
      { id: live, name: 'WA Oficial', kind: 'waent', kind_label: 'WhatsApp Enterprise', deleted: false },
      {
        id: old,
        name: 'WA Velho (Excluído)',
        kind: 'waent',
        kind_label: 'WhatsApp Enterprise',
        deleted: true,
      },
    ]);
    const olga = await lookups(await http.login(OTHER_ADMIN));
    expect(olga.channels.map((c) => c.id)).not.toContain(live);
  });

  it('lists statuses with the deleted ones and whether they count as success', async () => {
    await ctx.db
      .update(statuses)
      .set({ deletedAt: new Date() })
      .where(eq(statuses.id, ids.status('Sem retorno do cliente')));
    const r = await lookups();
    expect(r.statuses.find((s) => s.id === ids.status('Sem retorno do cliente'))).toMatchObject({
      trashed: true,
      should_close: 1,
    });
    expect(r.statuses.find((s) => s.id === ids.status('Resolvido'))).toMatchObject({
      trashed: false,
      success: false,
    });
  });
});

describe('statuses.success', () => {
  it("is set in the status admin ('Conta como sucesso') and drives effectiveness", async () => {
    const id = ids.status('Resolvido');
    const base = `/api/companies/${ids.companyId}/statuses`;
    const body = {
      name: 'Resolvido',
      should_close: 1,
      success: true,
      sectors: [ids.sector('Comercial')],
    };
    const saved = await http.patch(`${base}/${id}`, { cookie: admin, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body.status as { success: boolean }).success).toBe(true);
    const listed = (await http.get(base, { cookie: admin })).body as unknown as {
      id: number;
      success: boolean;
    }[];
    expect(listed.find((s) => s.id === id)?.success).toBe(true);
    expect((await lookups()).statuses.find((s) => s.id === id)?.success).toBe(true);
    const r = await http.get('/api/reports/effectiveness?fromDate=01/05/2026&toDate=31/05/2026', {
      cookie: gestor,
    });
    expect(r.body.rows).toEqual([{ operator: 'Ana Operadora', closed: 4, success: 4, percent: 100 }]);
    // A classification never counts as success.
    const created = await http.post(base, {
      cookie: admin,
      body: { name: 'Em análise', should_close: 0, success: true, sectors: [ids.sector('Comercial')] },
    });
    expect(created.status).toBe(200);
    expect((created.body.status as { success: boolean }).success).toBe(false);
    const stored = await ctx.db.execute<{ success: boolean }>(
      dsql`select success from statuses where company_id = ${ids.companyId} and name = 'Em análise'`,
    );
    expect(stored.rows[0]?.success).toBe(false);
  });
});
