import type { TCard } from '@prosa/shared/attendance';
import { CONTACT_FIELD_MSG, type TContactField } from '@prosa/shared/contact-fields';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { modulePermissions } from '../../db/schema/admin';
import { attendances } from '../../db/schema/attendance';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let manager: string;
let ana: string;

const field = (over: Record<string, unknown> = {}) => ({
  key: 'cidade',
  label: 'Cidade',
  type: 'list',
  options: [{ value: 'São Paulo' }, { value: 'Belo Horizonte' }],
  required: true,
  ...over,
});

async function create(body: Record<string, unknown>, cookie = manager) {
  return http.post('/api/contact-fields', { cookie, body });
}

async function openAttendance(name: string) {
  const visitor = await newVisitor(ctx, name);
  await visitor.send('Oi');
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error('atendimento não criado');
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  admin = await http.login(ADMIN);
  manager = await http.login(MANAGER);
  ana = await http.login(OPERATOR);
});
afterAll(() => ctx.close());

describe('contact field definitions', () => {
  it('creates a list field with option keys from the values', async () => {
    const r = await create(field());
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(CONTACT_FIELD_MSG.created);
    expect((r.body.field as TContactField).options).toEqual([
      { key: 'sao_paulo', value: 'São Paulo' },
      { key: 'belo_horizonte', value: 'Belo Horizonte' },
    ]);
    const dup = await create(field({ label: 'Outra cidade' }));
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(CONTACT_FIELD_MSG.keyTaken);
  });

  it('refuses a list without options, an empty option, and a missing key or name', async () => {
    const noOptions = await create(field({ key: 'estado', options: [] }));
    expect(noOptions.status).toBe(400);
    expect(noOptions.body.message).toBe('Campos do tipo lista devem possuir opções definidas');
    const empty = await create(field({ key: 'estado', options: [{ value: 'SP' }, { value: '  ' }] }));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Valor não preenchido');
    const noKey = await create(field({ key: '' }));
    expect(noKey.body.message).toBe(CONTACT_FIELD_MSG.keyRequired);
    const noLabel = await create(field({ key: 'estado', label: ' ' }));
    expect(noLabel.body.message).toBe(CONTACT_FIELD_MSG.labelRequired);
    const badMask = await create({ key: 'doc', label: 'Documento', type: 'text', mask: 'xyz' });
    expect(badMask.status).toBe(400);
    expect(badMask.body.message).toBe(CONTACT_FIELD_MSG.maskInvalid);
  });

  it('refuses removing the last option of a list, then edits, deactivates and deletes', async () => {
    const created = await create(field({ key: 'plano', label: 'Plano', options: [{ value: 'Básico' }] }));
    const id = (created.body.field as TContactField).id;
    const last = await http.patch(`/api/contact-fields/${id}`, { cookie: manager, body: { options: [] } });
    expect(last.status).toBe(400);
    expect(last.body.message).toBe('O campo deve possuir ao menos uma opção');

    const edited = await http.patch(`/api/contact-fields/${id}`, {
      cookie: manager,
      body: { label: 'Plano contratado', options: [{ value: 'Básico' }, { value: 'Avançado' }] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(CONTACT_FIELD_MSG.saved);
    expect(edited.body.field).toMatchObject({ label: 'Plano contratado', key: 'plano', type: 'list' });

    await http.patch(`/api/contact-fields/${id}`, { cookie: manager, body: { is_active: false } });
    const active = await http.get('/api/contact-fields', { cookie: ana });
    expect((active.body as unknown as TContactField[]).some((f) => f.id === id)).toBe(false);
    const all = await http.get('/api/contact-fields?include_inactive=true', { cookie: manager });
    expect((all.body as unknown as TContactField[]).find((f) => f.id === id)?.is_active).toBe(false);
    expect((await http.get('/api/contact-fields?include_inactive=true', { cookie: ana })).status).toBe(403);

    const del = await http.delete(`/api/contact-fields/${id}`, { cookie: manager });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(CONTACT_FIELD_MSG.removed);
    expect((await http.delete(`/api/contact-fields/${id}`, { cookie: manager })).status).toBe(404);
  });

  it('is managed by managers with write permission only, per company', async () => {
    expect((await create(field({ key: 'op' }), ana)).status).toBe(403);
    // A manager whose profile only reads the general settings cannot change them.
    await ctx.db.insert(modulePermissions).values({
      companyId: ids.companyId,
      targetType: 'user',
      targetId: ids.user(MANAGER),
      actionId: 'configuracoes_gerais',
      read: true,
      write: false,
    });
    expect((await create(field({ key: 'ro' }))).status).toBe(403);
    await ctx.db.delete(modulePermissions).where(eq(modulePermissions.targetId, ids.user(MANAGER)));

    const other = await http.login(OTHER_ADMIN);
    const mine = await http.get('/api/contact-fields', { cookie: admin });
    const first = (mine.body as unknown as TContactField[])[0];
    expect(first).toBeDefined();
    const theirs = await http.get('/api/contact-fields', { cookie: other });
    expect(theirs.body).toEqual([]);
    expect(
      (await http.patch(`/api/contact-fields/${first?.id}`, { cookie: other, body: { label: 'X' } })).status,
    ).toBe(404);
    expect((await http.delete(`/api/contact-fields/${first?.id}`, { cookie: other })).status).toBe(404);
  });

  it('lists the fields of one sector and those of every sector', async () => {
    await create({
      key: 'financeiro_only',
      label: 'Só financeiro',
      type: 'text',
      sector_id: ids.sector('Financeiro'),
    });
    const comercial = await http.get(`/api/contact-fields?sector_id=${ids.sector('Comercial')}`, {
      cookie: ana,
    });
    const keys = (comercial.body as unknown as TContactField[]).map((f) => f.key);
    expect(keys).toContain('cidade');
    expect(keys).not.toContain('financeiro_only');
    const financeiro = await http.get(`/api/contact-fields?sector_id=${ids.sector('Financeiro')}`, {
      cookie: ana,
    });
    expect((financeiro.body as unknown as TContactField[]).map((f) => f.key)).toContain('financeiro_only');
  });
});

describe('contact field values on an attendance', () => {
  it('enforces required and valid values, makes numbers positive and keeps them on the attendance', async () => {
    await create({ key: 'cpf', label: 'CPF', type: 'text', mask: '999.999.999-99' });
    await create({ key: 'pedidos', label: 'Pedidos', type: 'text', mask: 'numeric' });
    const row = await openAttendance('Cliente Metadados');
    const url = `/api/attendances/${row.id}/contact-fields`;

    const loaded = await http.get(url, { cookie: ana });
    expect(loaded.status).toBe(200);
    expect((loaded.body.fields as TContactField[]).map((f) => f.key)).toEqual(
      expect.arrayContaining(['cidade', 'cpf', 'pedidos']),
    );
    expect((loaded.body.fields as TContactField[]).map((f) => f.key)).not.toContain('financeiro_only');

    const missing = await http.put(url, { cookie: ana, body: { values: { cpf: '' } } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Campo Cidade obrigatório!');
    const notOption = await http.put(url, { cookie: ana, body: { values: { cidade: 'rio' } } });
    expect(notOption.body.message).toBe('Campo Cidade é inválido!');
    const badMask = await http.put(url, {
      cookie: ana,
      body: { values: { cidade: 'sao_paulo', cpf: '12345678900' } },
    });
    expect(badMask.status).toBe(400);
    expect(badMask.body.message).toBe('Campo CPF é inválido!');
    const notNumber = await http.put(url, {
      cookie: ana,
      body: { values: { cidade: 'sao_paulo', pedidos: 'dez' } },
    });
    expect(notNumber.body.message).toBe('Campo Pedidos é inválido!');

    const saved = await http.put(url, {
      cookie: ana,
      body: { values: { cidade: 'Belo Horizonte', cpf: '123.456.789-00', pedidos: -12 } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(CONTACT_FIELD_MSG.valuesSaved);
    expect(saved.body.values).toEqual({ cidade: 'belo_horizonte', cpf: '123.456.789-00', pedidos: '12' });
    expect((saved.body.card as TCard).data.contact_metadata).toEqual(saved.body.values);
    // The web chat form data of the attendance is still there.
    const [after] = await ctx.db.select().from(attendances).where(eq(attendances.id, row.id));
    expect(after?.data).toMatchObject({ ...row.data, contact_metadata: saved.body.values });
    expect((await http.get(url, { cookie: ana })).body.values).toEqual(saved.body.values);

    // Clearing an optional field removes its value.
    const cleared = await http.put(url, {
      cookie: ana,
      body: { values: { cidade: 'sao_paulo', cpf: '', pedidos: '3' } },
    });
    expect(cleared.body.values).toEqual({ cidade: 'sao_paulo', pedidos: '3' });

    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(url, { cookie: other })).status).toBe(404);
    expect((await http.put(url, { cookie: other, body: { values: {} } })).status).toBe(404);
  });
});
