import { INTEGRATION_MSG } from '@prosa/shared/integrations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { integrations } from '../../db/schema/integrations';
import { unsealCredentials } from './credentials';

// Integrations administration (spec 2 §5, §7): validation texts, credentials sealed and never answered, blank
// credentials kept on edit, one integration per kind, roles and tenancy.

let ctx: TestContext;
let http: ReturnType<typeof api>;
const cookies: Record<string, string> = {};
const c = (email: string) => cookies[email] as string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  for (const e of [ADMIN, MANAGER, OPERATOR, OTHER_ADMIN]) cookies[e] = await http.login(e);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const valid = (over: Record<string, unknown> = {}) => ({
  kind: 'rdstation_marketing',
  name: 'RD Marketing',
  email_field: 'person_email',
  fields: { name: 'name', mobile_phone: 'mobile_phone', email: 'email' },
  events: { contact_created: true, attendance_finalized: false },
  configs: {
    clientId: 'cliente-123',
    clientSecret: 'segredo-muito-secreto',
    clientCode: 'codigo-abc',
    refreshToken: 'refresh-xyz',
  },
  ...over,
});

describe('integrations', () => {
  it('refuses what the spec requires, with its texts, and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [valid({ name: '  ' }), INTEGRATION_MSG.nameRequired],
      [valid({ name: undefined }), INTEGRATION_MSG.nameRequired],
      [valid({ email_field: undefined }), INTEGRATION_MSG.emailFieldRequired],
      [valid({ kind: 'hubspot' }), INTEGRATION_MSG.kindRequired],
      [valid({ configs: { clientSecret: 's', clientCode: 'c' } }), INTEGRATION_MSG.clientIdRequired],
      [valid({ configs: { clientId: 'i', clientCode: 'c' } }), INTEGRATION_MSG.clientSecretRequired],
      [valid({ configs: { clientId: 'i', clientSecret: 's' } }), INTEGRATION_MSG.clientCodeRequired],
      [
        valid({ fields: { name: 'nome completo', mobile_phone: 'a', email: 'b' } }),
        INTEGRATION_MSG.fieldNameInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const r = await http.post('/api/integrations', { cookie: c(MANAGER), body });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await ctx.db.select().from(integrations)).toHaveLength(0);
  });

  it('seals the credentials, answers only which are set, and keeps blank ones on edit', async () => {
    const created = await http.post('/api/integrations', { cookie: c(MANAGER), body: valid() });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(INTEGRATION_MSG.created);
    const id = created.body._id as number;

    const [row] = await ctx.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row?.credentialsSealed).not.toContain('segredo-muito-secreto');
    expect(row?.credentialsSealed).not.toContain('refresh-xyz');
    expect(unsealCredentials(row?.credentialsSealed ?? '', ctx.deps.appSecret).clientSecret).toBe(
      'segredo-muito-secreto',
    );

    const list = await http.get('/api/integrations', { cookie: c(MANAGER) });
    expect(list.status).toBe(200);
    expect(list.res.body).not.toContain('segredo-muito-secreto');
    expect(list.res.body).not.toContain('cliente-123');
    const [one] = list.body.integrations as Record<string, unknown>[];
    expect(one).toMatchObject({
      _id: id,
      name: 'RD Marketing',
      kind: 'rdstation_marketing',
      active: true,
      configs: { clientId: true, clientSecret: true, clientCode: true, refreshToken: true },
      events: { contact_created: true, attendance_finalized: false },
      sent: 0,
      failed: 0,
    });

    // Blank credentials keep the stored ones; the other fields change.
    const edited = await http.put(`/api/integrations/${id}`, {
      cookie: c(MANAGER),
      body: valid({
        name: 'RD renomeada',
        fields: { name: 'cf_nome', mobile_phone: 'mobile_phone', email: 'email' },
        configs: { clientId: '', clientSecret: '' },
      }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(INTEGRATION_MSG.updated);
    const [after] = await ctx.db.select().from(integrations).where(eq(integrations.id, id));
    const creds = unsealCredentials(after?.credentialsSealed ?? '', ctx.deps.appSecret);
    expect(creds).toMatchObject({ clientId: 'cliente-123', clientSecret: 'segredo-muito-secreto' });
    const found = await http.get(`/api/integrations/${id}`, { cookie: c(MANAGER) });
    expect(found.body).toMatchObject({ name: 'RD renomeada', fields: { name: 'cf_nome' } });

    // A new client code starts the grant over: the old refresh token is dropped.
    await http.put(`/api/integrations/${id}`, {
      cookie: c(MANAGER),
      body: valid({ configs: { clientCode: 'codigo-novo' } }),
    });
    const [regranted] = await ctx.db.select().from(integrations).where(eq(integrations.id, id));
    expect(unsealCredentials(regranted?.credentialsSealed ?? '', ctx.deps.appSecret)).toMatchObject({
      clientCode: 'codigo-novo',
      refreshToken: null,
    });

    // One integration per kind in a company.
    const twice = await http.post('/api/integrations', { cookie: c(ADMIN), body: valid() });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(INTEGRATION_MSG.kindTaken);
    const crm = await http.post('/api/integrations', {
      cookie: c(ADMIN),
      body: valid({ kind: 'rdstation_crm', name: 'RD CRM' }),
    });
    expect(crm.status).toBe(200);
    const clash = await http.put(`/api/integrations/${crm.body._id}`, {
      cookie: c(ADMIN),
      body: valid({ kind: 'rdstation_marketing' }),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(INTEGRATION_MSG.kindTaken);
  });

  it('is for managers of the company only', async () => {
    const list = await http.get('/api/integrations', { cookie: c(MANAGER) });
    const id = (list.body.integrations as { _id: number }[])[0]?._id ?? 0;
    expect(id).toBeGreaterThan(0);

    expect((await http.get('/api/integrations', { cookie: c(OPERATOR) })).status).toBe(403);
    expect((await http.post('/api/integrations', { cookie: c(OPERATOR), body: valid() })).status).toBe(403);
    expect((await http.get('/api/integrations')).status).toBe(401);

    // Another company neither sees nor touches it.
    const other = await http.get('/api/integrations', { cookie: c(OTHER_ADMIN) });
    expect(other.body.integrations).toEqual([]);
    expect((await http.get(`/api/integrations/${id}`, { cookie: c(OTHER_ADMIN) })).status).toBe(404);
    const put = await http.put(`/api/integrations/${id}`, {
      cookie: c(OTHER_ADMIN),
      body: valid({ name: 'x' }),
    });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe(INTEGRATION_MSG.notFound);
    expect((await http.delete(`/api/integrations/${id}`, { cookie: c(OTHER_ADMIN) })).status).toBe(404);
    const bad = await http.get('/api/integrations/abc', { cookie: c(MANAGER) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(INTEGRATION_MSG.notFound);

    // The other company may have its own of the same kind.
    const own = await http.post('/api/integrations', { cookie: c(OTHER_ADMIN), body: valid() });
    expect(own.status).toBe(200);

    const del = await http.delete(`/api/integrations/${id}`, { cookie: c(MANAGER) });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(INTEGRATION_MSG.deleted);
    expect((await http.get(`/api/integrations/${id}`, { cookie: c(MANAGER) })).status).toBe(404);
    const [kept] = await ctx.db
      .select()
      .from(integrations)
      .where(eq(integrations.id, own.body._id as number));
    expect(kept?.name).toBe('RD Marketing');
  });
});
