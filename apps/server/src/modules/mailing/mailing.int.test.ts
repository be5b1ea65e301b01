import { MAILING_MSG, type TMailing, type TMailingUpload } from '@prosa/shared/mailing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/helpers/multipart';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { mailingRowKeys, mailingRows, mailings } from '../../db/schema/campaigns';
import { findMailingRow, mailingRowsPage } from './repository';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let companyId: number;

const SAMPLE = [
  'nome;telefone;email;cidade;cod_setor',
  'Maria Silva;(11) 98765-4321;Maria@Exemplo.com;São Paulo;1',
  '"Souza; João";11 3333-4444;joao@exemplo.com;"Rio de Janeiro";2',
  'Ana;123;sem-email;Recife;1',
  '',
].join('\r\n');

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  manager = await http.login(MANAGER);
  const [m] = await ctx.db
    .execute(sql`select company_id from users where email = ${MANAGER}`)
    .then((r) => r.rows);
  companyId = Number((m as { company_id: number }).company_id);
});
afterAll(() => ctx.close());

async function upload(
  data: Buffer | string,
  fileName = 'clientes.csv',
  cookie = manager,
  layoutId?: number,
): Promise<{ status: number; body: TMailingUpload & { message: string } }> {
  const m = multipart([
    { name: 'fileName', value: fileName },
    ...(layoutId ? [{ name: 'layoutId', value: String(layoutId) }] : []),
    { name: 'file', filename: fileName, contentType: 'text/csv', data: Buffer.from(data) },
  ]);
  const r = await ctx.app.inject({
    method: 'POST',
    url: '/api/mailing-upload',
    headers: { ...m.headers, cookie },
    payload: m.payload,
  });
  return { status: r.statusCode, body: JSON.parse(r.body) };
}

const params = [
  { field: 0, label: 'Nome', display: true, is_key_to_channel: [] },
  { field: 1, label: 'Telefone', display: true, is_key_to_channel: ['waent', 'waweb', 'sms'] },
  { field: 2, label: 'E-mail', display: false, is_key_to_channel: ['em'] },
  { field: 3, label: 'Cidade', display: true, is_key_to_channel: [] },
  { field: 4, label: 'cod_setor', display: false, is_key_to_channel: [] },
];

async function createMailing(title: string, data = SAMPLE, extra: Record<string, unknown> = {}) {
  const up = await upload(data);
  expect(up.body.valid, JSON.stringify(up.body)).toBe(true);
  const r = await http.post('/api/mailings', {
    cookie: manager,
    body: { title, urlFile: up.body.url, fileName: up.body.name, params, ...extra },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.mailing as TMailing).id;
}

async function processed(id: number) {
  await expect
    .poll(
      async () => {
        const r = await http.get(`/api/mailings/${id}`, { cookie: manager });
        return (r.body as TMailing).processing;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe('done');
  return (await http.get(`/api/mailings/${id}`, { cookie: manager })).body as TMailing;
}

describe('mailing upload', () => {
  it('answers the header, delimiter, row count and a storage key for a valid file', async () => {
    const r = await upload(SAMPLE);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      valid: true,
      header: ['nome', 'telefone', 'email', 'cidade', 'cod_setor'],
      delimiter: ';',
      rowcount: 3,
      errors: [],
      diff: false,
    });
    expect(r.body.url).toMatch(/^mailing\/\d+\/.+\.csv$/);
  });

  it('reads a Windows-1252 file with commas', async () => {
    const bytes = Buffer.from([
      ...Buffer.from('nome,cidade\nJos'),
      0xe9,
      ...Buffer.from(',S'),
      0xe3,
      ...Buffer.from('o Paulo\n'),
    ]);
    const r = await upload(bytes);
    expect(r.body).toMatchObject({ valid: true, delimiter: ',', encoding: 'windows-1252', rowcount: 1 });
  });

  it('refuses rows with a wrong column count with their row numbers and the invalid-file text', async () => {
    const r = await upload('a;b;c\n1;2;3\n1;2\n\n4;5;6\n');
    expect(r.status).toBe(200);
    expect(r.body.valid).toBe(false);
    expect(r.body.url).toBe('');
    expect(r.body.message).toBe(MAILING_MSG.invalidFile);
    expect(r.body.errors.map((e) => e.row)).toEqual([3, 4]);
    expect(r.body.errors[0]?.message).toBe('Esperadas 3 colunas, encontradas 2.');
  });

  it('refuses a file that is not a .csv', async () => {
    const r = await upload('a;b\n1;2\n', 'lista.xlsx');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MAILING_MSG.notCsv);
  });

  it('marks diff when the header differs from the edited mailing', async () => {
    const id = await createMailing('Layout');
    expect((await upload(SAMPLE, 'x.csv', manager, id)).body.diff).toBe(false);
    expect((await upload('nome;fone\na;b\n', 'x.csv', manager, id)).body.diff).toBe(true);
  });

  it('is for managers only', async () => {
    const op = await http.login(OPERATOR);
    expect((await upload(SAMPLE, 'a.csv', op)).status).toBe(403);
  });
});

describe('mailing CRUD and import', () => {
  it('creates, imports the rows with normalized keys and finds a contact row', async () => {
    const id = await createMailing('Clientes SP', SAMPLE, {
      due_date_min: '01/01/2020',
      due_date_max: '31/12/2099',
    });
    const m = await processed(id);
    expect(m).toMatchObject({
      state: 'active',
      row_count: 3,
      processed_rows: 3,
      due_date_min: '01/01/2020',
      due_date_max: '31/12/2099',
    });
    // Ana's phone and e-mail are not addresses: counted as row errors, no key.
    expect(m.row_errors.map((e) => e.row).sort()).toEqual([3, 3, 3, 3]);
    const [stored] = await ctx.db.select().from(mailings).where(eq(mailings.id, id));
    expect(stored?.dueDateMax).toBe('2099-12-31');
    const keys = await ctx.db
      .select({ prefix: mailingRowKeys.prefix, key: mailingRowKeys.key, row: mailingRowKeys.rowNumber })
      .from(mailingRowKeys)
      .where(eq(mailingRowKeys.mailingId, id));
    expect(keys).toContainEqual({ prefix: 'waent', key: '5511987654321', row: 1 });
    expect(keys).toContainEqual({ prefix: 'em', key: 'maria@exemplo.com', row: 1 });
    expect(keys).toContainEqual({ prefix: 'sms', key: '551133334444', row: 2 });
    expect(keys.filter((k) => k.row === 3)).toEqual([]);

    expect(await findMailingRow(ctx.db, companyId, id, 'waweb', '+55 11 98765-4321')).toEqual({
      Nome: 'Maria Silva',
      Telefone: '(11) 98765-4321',
      'E-mail': 'Maria@Exemplo.com',
      Cidade: 'São Paulo',
      cod_setor: '1',
    });
    expect(await findMailingRow(ctx.db, companyId, id, 'waweb', '5511900000000')).toBeNull();
    const page = await mailingRowsPage(ctx.db, companyId, id, { afterRow: 1, limit: 10 });
    expect(page.map((r) => r.rowNumber)).toEqual([2, 3]);
    expect(page[0]?.values[0]).toBe('Souza; João');
  });

  it('validates with the spec texts and changes nothing', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailings);
    const up = await upload(SAMPLE);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ', urlFile: up.body.url }, MAILING_MSG.nameRequired],
      [{ title: 'X' }, MAILING_MSG.fileRequired],
      [{ title: 'X', urlFile: up.body.url, due_date_min: '31/02/2026' }, MAILING_MSG.invalidDate],
      [{ title: 'X', urlFile: up.body.url, params: [{ field: 0, label: '' }] }, MAILING_MSG.invalidParams],
      [{ title: 'X', urlFile: up.body.url, params: [{ field: 9, label: 'a' }] }, MAILING_MSG.invalidParams],
      [
        {
          title: 'X',
          urlFile: up.body.url,
          params: params.map((p) => ({ ...p, display: true })),
        },
        MAILING_MSG.tooManyDisplayed,
      ],
      [{ title: 'X', urlFile: 'mailing/999/x.csv' }, MAILING_MSG.fileKeyInvalid],
      [{ title: 'X', urlFile: '../etc/passwd' }, MAILING_MSG.fileKeyInvalid],
    ];
    for (const [body, message] of cases) {
      const r = await http.post('/api/mailings', { cookie: manager, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailings);
    expect(after).toEqual(before);
  });

  it('lists, pages with the name filter, states and 404 for another company', async () => {
    const inactive = await createMailing('Zeta inativo', SAMPLE, { active: false });
    const expired = await createMailing('Zeta vencido', SAMPLE, {
      due_date_min: '01/01/2020',
      due_date_max: '31/12/2020',
    });
    const list = (await http.get('/api/mailings', { cookie: manager })).body as unknown as TMailing[];
    expect(list.find((m) => m.id === inactive)?.state).toBe('inactive');
    expect(list.find((m) => m.id === expired)?.state).toBe('expired');
    const paged = await http.get('/api/mailings/paged?page=1&filters.name=zeta', { cookie: manager });
    expect((paged.body.data as TMailing[]).map((m) => m.title).sort()).toEqual([
      'Zeta inativo',
      'Zeta vencido',
    ]);
    expect(paged.body.total).toBe(2);
    const active = (await http.get('/api/mailings/active', { cookie: manager }))
      .body as unknown as TMailing[];
    expect(active.map((m) => m.id)).not.toContain(inactive);
    expect(active.map((m) => m.id)).not.toContain(expired);

    const other = await http.login(OTHER_ADMIN);
    const r = await http.get(`/api/mailings/${inactive}`, { cookie: other });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(MAILING_MSG.notFound);
    expect((await http.delete(`/api/mailings/${inactive}`, { cookie: other })).status).toBe(404);
    for (const bad of ['abc', '99999999999', '-1']) {
      const b = await http.get(`/api/mailings/${bad}`, { cookie: manager });
      expect(b.status).toBe(400);
      expect(b.body.message).toBe(MAILING_MSG.notFound);
    }
  });

  it('updates with a new file: the rows are replaced', async () => {
    const id = await createMailing('Troca');
    await processed(id);
    const up = await upload(
      'nome;telefone\nCarlos;21999998888\nBia;21988887777\nLeo;21977776666\nRui;2196665555\n',
    );
    const r = await http.put(`/api/mailings/${id}`, {
      cookie: manager,
      body: {
        title: 'Troca 2',
        urlFile: up.body.url,
        params: [
          { field: 0, label: 'Nome', display: true },
          { field: 1, label: 'Fone', display: true, is_key_to_channel: ['waent'] },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const m = await processed(id);
    expect(m).toMatchObject({ title: 'Troca 2', row_count: 4, fields: ['nome', 'telefone'] });
    const rows = await ctx.db.select().from(mailingRows).where(eq(mailingRows.mailingId, id));
    expect(rows.map((x) => x.values[0]).sort()).toEqual(['Bia', 'Carlos', 'Leo', 'Rui']);
    expect(await findMailingRow(ctx.db, companyId, id, 'waent', '21999998888')).toMatchObject({
      Nome: 'Carlos',
    });
  });

  it('imports the stored file again on "process file"', async () => {
    const id = await createMailing('Reprocessar');
    await processed(id);
    await ctx.db.delete(mailingRows).where(eq(mailingRows.mailingId, id));
    const r = await http.post(`/api/mailings/${id}/process`, { cookie: manager });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MAILING_MSG.reprocessing);
    expect((await processed(id)).processed_rows).toBe(3);
    const rows = await ctx.db.select().from(mailingRows).where(eq(mailingRows.mailingId, id));
    expect(rows).toHaveLength(3);
    const other = await http.login(OTHER_ADMIN);
    expect((await http.post(`/api/mailings/${id}/process`, { cookie: other })).status).toBe(404);
  });

  it('deletes softly, and warns instead while a trigger uses it', async () => {
    const id = await createMailing('Apagar');
    const used = await createMailing('Em uso');
    await ctx.db.execute(sql`
      insert into triggers (company_id, channel_id, triggerable_type, trigger_type, params)
      select ${companyId}, id, 'web', 'mailing_validation', ${JSON.stringify({ mailing_id: used })}::jsonb
      from channels where company_id = ${companyId} limit 1`);
    const w = await http.delete(`/api/mailings/${used}`, { cookie: manager });
    expect(w.body.warning).toBe(true);
    expect((await http.get(`/api/mailings/${used}`, { cookie: manager })).status).toBe(200);
    const d = await http.delete(`/api/mailings/${id}`, { cookie: manager });
    expect(d.body).toEqual({ message: MAILING_MSG.deleted, warning: false });
    expect((await http.get(`/api/mailings/${id}`, { cookie: manager })).status).toBe(404);
    const [row] = await ctx.db
      .select()
      .from(mailings)
      .where(and(eq(mailings.id, id)));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('autocompletes a column, filtered by another', async () => {
    const id = await createMailing('Auto');
    await processed(id);
    const r = await http.post('/api/mailing-contact-field', {
      cookie: manager,
      body: { mailing_id: id, field: 3, value: 're' },
    });
    expect(r.body).toEqual({ values: ['Recife'] });
    const all = await http.post('/api/mailing-contact-field', {
      cookie: manager,
      body: { mailing_id: id, field: 3, value: '', filters: [{ field: 4, value: '1' }] },
    });
    expect(all.body).toEqual({ values: ['Recife', 'São Paulo'] });
    const bad = await http.post('/api/mailing-contact-field', {
      cookie: manager,
      body: { mailing_id: id, field: 99, value: '' },
    });
    expect(bad.status).toBe(400);
  });

  it('imports a 5,000-row file in batches', async () => {
    const lines = ['nome;telefone'];
    for (let i = 0; i < 5000; i++) lines.push(`Cliente ${i};1199${String(1000000 + i).padStart(7, '0')}`);
    const id = await createMailing('Grande', lines.join('\n'), {
      params: [
        { field: 0, label: 'Nome', display: true },
        { field: 1, label: 'Fone', display: true, is_key_to_channel: ['waent'] },
      ],
    });
    const m = await processed(id);
    expect(m.processed_rows).toBe(5000);
    const [n] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailingRowKeys)
      .where(eq(mailingRowKeys.mailingId, id));
    expect(n?.n).toBe(5000);
    const facts = await ctx.db.execute(
      sql`select count(*)::int as n from domain_events where name = 'mailing.updated' and (data->>'mailing_id')::int = ${id}`,
    );
    // create + start + 3 batches + done.
    expect(Number((facts.rows[0] as { n: number }).n)).toBeGreaterThanOrEqual(5);
  });
});
