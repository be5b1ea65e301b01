import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CAMPAIGN_MSG } from '@prosa/shared/campaigns';
import { FEATURE_FLAG_MSG, FEATURE_FLAG_TYPES, type TFeatureFlagType } from '@prosa/shared/feature-flags';
import { ROLE } from '@prosa/shared/roles';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setAllow } from '../../../test/helpers/attendance-fixtures';
import { campaignFixtures, inDays } from '../../../test/helpers/campaign-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { samplePng } from '../../../test/helpers/sample-files';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances, messages } from '../../db/schema/attendance';
import { campaigns } from '../../db/schema/campaigns';
import { companies } from '../../db/schema/companies';
import { autoDistConfigs } from '../../db/schema/distribution';
import { domainEvents } from '../../db/schema/facts';
import { users } from '../../db/schema/users';
import { runningCampaigns } from '../campaign-engine/repository';
import { runDistributionCycle } from '../distribution/run-cycle';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let lord: string;
let admin: string;
let manager: string;
let operator: string;
let other: string;
let ids: Awaited<ReturnType<typeof demoIds>>;
let otherCompanyId = 0;
let f: Awaited<ReturnType<typeof campaignFixtures>>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  f = await campaignFixtures(ctx);
  const [outra] = await ctx.db.select().from(companies).where(eq(companies.domain, 'outraempresa.com.br'));
  otherCompanyId = outra?.id ?? 0;
  // The platform owner: no demo user is one, so Bruno becomes it here.
  await ctx.db.update(users).set({ role: ROLE.lord }).where(eq(users.email, OPERATOR2));
  lord = await http.login(OPERATOR2);
  admin = await http.login(ADMIN);
  manager = await http.login(MANAGER);
  operator = await http.login(OPERATOR);
  other = await http.login(OTHER_ADMIN);
});
afterAll(() => ctx.close());

const getFlag = (type: string, companyId: number, cookie = lord) =>
  http.get(`/api/feature-flags/${type}?company_id=${companyId}`, { cookie });
const toggle = (type: string, companyId: number, cookie = lord) =>
  http.post(`/api/feature-flags/${type}/toggle`, { cookie, body: { company_id: companyId } });

async function setFlag(type: TFeatureFlagType, companyId: number, active: boolean) {
  const now = await getFlag(type, companyId);
  if (now.body.active !== active) {
    const r = await toggle(type, companyId);
    expect(r.status).toBe(200);
  }
  expect((await getFlag(type, companyId)).body.active).toBe(active);
}

describe('feature flags by type: access', () => {
  it('answers only the platform owner: admins, managers, operators and other companies get 403', async () => {
    for (const cookie of [admin, manager, operator, other]) {
      expect((await getFlag('dist_v2', ids.companyId, cookie)).status).toBe(403);
      expect((await http.get(`/api/feature-flags?company_id=${ids.companyId}`, { cookie })).status).toBe(403);
      expect((await toggle('dist_v2', ids.companyId, cookie)).status).toBe(403);
    }
    expect((await http.get(`/api/feature-flags/dist_v2?company_id=${ids.companyId}`)).status).toBe(401);
    expect((await getFlag('dist_v2', ids.companyId)).body.active).toBe(true);
  });

  it('refuses an unknown type, a bad company id (400) and a company that does not exist (404)', async () => {
    const unknown = await getFlag('allowCosmosCRM', ids.companyId);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(FEATURE_FLAG_MSG.unknownType);
    const badToggle = await toggle('nope', ids.companyId);
    expect(badToggle.status).toBe(400);
    expect(badToggle.body.message).toBe(FEATURE_FLAG_MSG.unknownType);
    expect((await getFlag('dist_v2', 0)).status).toBe(400);
    expect((await http.get('/api/feature-flags/dist_v2?company_id=abc', { cookie: lord })).status).toBe(400);
    const bodyBad = await http.post('/api/feature-flags/dist_v2/toggle', { cookie: lord, body: {} });
    expect(bodyBad.status).toBe(400);
    expect(bodyBad.body.message).toBe(FEATURE_FLAG_MSG.companyInvalid);
    for (const r of [
      await getFlag('dist_v2', 999_999),
      await toggle('dist_v2', 999_999),
      await http.get('/api/feature-flags?company_id=999999', { cookie: lord }),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('Empresa não encontrada.');
    }
  });
});

describe('feature flags by type: get and toggle', () => {
  it('lists the nine with their defaults, and a toggle persists in the company metadata allow object', async () => {
    const list = await http.get(`/api/feature-flags?company_id=${otherCompanyId}`, { cookie: lord });
    expect(list.status).toBe(200);
    const flags = list.body.flags as { type: string; active: boolean; label: string }[];
    expect(flags.map((x) => x.type)).toEqual([...FEATURE_FLAG_TYPES]);
    expect(flags.find((x) => x.type === 'display_midia')?.active).toBe(true);
    expect(flags.find((x) => x.type === 'send_username')?.active).toBe(false);

    const off = await toggle('display_midia', otherCompanyId);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ type: 'display_midia', company_id: otherCompanyId, active: false });
    expect(off.body.message).toBe('Exibir mídia no chat desativado.');
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, otherCompanyId));
    expect((row?.metadata.allow as Record<string, unknown> | undefined)?.display_midia).toBe(false);
    expect((await getFlag('display_midia', otherCompanyId)).body.active).toBe(false);
    // Tenancy: the other company's flag did not move.
    expect((await getFlag('display_midia', ids.companyId)).body.active).toBe(true);

    // The company's own screens read it from the features they already load.
    const features = await http.get('/api/company/features', { cookie: other });
    expect((features.body.allow as Record<string, unknown>).display_midia).toBe(false);

    const on = await toggle('display_midia', otherCompanyId);
    expect(on.body.active).toBe(true);
    expect(on.body.message).toBe('Exibir mídia no chat ativado.');
  });

  it('maps cosmos_crm and internal_messenger to the keys that existed before', async () => {
    await setFlag('cosmos_crm', otherCompanyId, true);
    await setFlag('internal_messenger', otherCompanyId, true);
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, otherCompanyId));
    const allow = row?.metadata.allow as Record<string, unknown> | undefined;
    expect(allow?.allowCosmosCRM).toBe(true);
    expect(allow?.internal_messenger).toBe(true);
    await setAllow(ctx, otherCompanyId, { allowCosmosCRM: false });
    expect((await getFlag('cosmos_crm', otherCompanyId)).body.active).toBe(false);
  });

  it("a company's own metadata save cannot change them (except the two older flags)", async () => {
    const meta = await http.get('/api/company/metadata', { cookie: other });
    const allow = meta.body.allow as Record<string, unknown>;
    const saved = await http.put('/api/company/metadata', {
      cookie: other,
      body: { ...meta.body, allow: { ...allow, display_midia: false, dist_v2: false, allowCosmosCRM: true } },
    });
    expect(saved.status).toBe(200);
    expect((await getFlag('display_midia', otherCompanyId)).body.active).toBe(true);
    expect((await getFlag('dist_v2', otherCompanyId)).body.active).toBe(true);
    expect((await getFlag('cosmos_crm', otherCompanyId)).body.active).toBe(true);
    await setFlag('cosmos_crm', otherCompanyId, false);
  });

  it('records each toggle as a company.updated fact with the platform owner as actor', async () => {
    await toggle('send_username', otherCompanyId);
    const [fact] = await ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.companyId, otherCompanyId), eq(domainEvents.name, 'company.updated')))
      .orderBy(desc(domainEvents.id))
      .limit(1);
    expect(fact?.actorUserId).toBe(ids.user(OPERATOR2));
    expect(fact?.data).toEqual({ changed: ['allow'] });
    await toggle('send_username', otherCompanyId);
  });
});

describe('feature flags by type: what each gates', () => {
  it('sms_campaign: off, SMS campaigns are refused (403) and the brokers say disabled', async () => {
    const body = {
      title: 'SMS aviso',
      channel: 'sms',
      mailing_id: (await f.mailing('Clientes SMS', ['nome', 'telefone'], [['Maria', '(81) 99999-0001']])).id,
      valid_to: inDays(1),
      sms: { active: true, broker: f.sms.id, field: 'telefone', message: 'Aviso importante' },
    };
    await setFlag('sms_campaign', ids.companyId, false);
    const brokersOff = await http.get('/api/campaigns/options/sms-brokers', { cookie: manager });
    expect(brokersOff.body.enabled).toBe(false);
    const refused = await http.post('/api/campaigns', { cookie: manager, body: body });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CAMPAIGN_MSG.smsDisabled);

    await setFlag('sms_campaign', ids.companyId, true);
    const brokersOn = await http.get('/api/campaigns/options/sms-brokers', { cookie: manager });
    expect(brokersOn.body.enabled).toBe(true);
    const created = await http.post('/api/campaigns', { cookie: manager, body: body });
    expect(created.status).toBe(200);

    // A running SMS campaign is not sent while the flag is off (the engine leaves it waiting).
    const campaignId = (created.body.campaign as { id: number }).id;
    await ctx.db.update(campaigns).set({ status: 'progress' }).where(eq(campaigns.id, campaignId));
    const running = async () => (await runningCampaigns(ctx.db)).some((c) => c.id === campaignId);
    expect(await running()).toBe(true);
    await setFlag('sms_campaign', ids.companyId, false);
    expect(await running()).toBe(false);
    await setFlag('sms_campaign', ids.companyId, true);
    expect(await running()).toBe(true);
    await ctx.db.update(campaigns).set({ status: 'cancelled' }).where(eq(campaigns.id, campaignId));
  });

  it('dist_v2: off, the automatic distribution settings answer 403 and cycles skip the company', async () => {
    await ctx.db
      .insert(autoDistConfigs)
      .values({ companyId: ids.companyId, enabled: true, chatPerUser: 2 })
      .onConflictDoUpdate({ target: autoDistConfigs.companyId, set: { enabled: true, chatPerUser: 2 } });
    expect((await http.get('/api/auto-dist', { cookie: manager })).status).toBe(200);
    expect(await runDistributionCycle(ctx.deps, { companyId: ids.companyId })).not.toHaveProperty(
      'skipped',
      'disabled',
    );

    await setFlag('dist_v2', ids.companyId, false);
    const read = await http.get('/api/auto-dist', { cookie: manager });
    expect(read.status).toBe(403);
    expect(read.body.message).toBe('Não foi possível acessar este recurso.');
    const save = await http.put('/api/auto-dist', {
      cookie: admin,
      body: { enabled: false, chat_per_user: 0 },
    });
    expect(save.status).toBe(403);
    expect(await runDistributionCycle(ctx.deps, { companyId: ids.companyId })).toEqual({
      assigned: 0,
      skipped: 'disabled',
    });
    await setFlag('dist_v2', ids.companyId, true);
    await ctx.db
      .update(autoDistConfigs)
      .set({ enabled: false })
      .where(eq(autoDistConfigs.companyId, ids.companyId));
  });

  it('mfa_active: off, the login asks for no code and MFA cannot be turned on', async () => {
    const login = (email: string) => http.post('/api/auth/login', { body: { email, password: PASSWORD } });
    await ctx.db.update(companies).set({ mfaEnabled: true }).where(eq(companies.id, otherCompanyId));
    expect((await login(OTHER_ADMIN)).body.step).toBe('mfa');

    await setFlag('mfa_active', otherCompanyId, false);
    expect((await login(OTHER_ADMIN)).body.step).toBe('done');

    await ctx.db.update(companies).set({ mfaEnabled: false }).where(eq(companies.id, otherCompanyId));
    const turnOn = await http.put('/api/company/security', {
      cookie: other,
      body: { mfa_enabled: true, password_max_age_days: 0 },
    });
    expect(turnOn.status).toBe(403);
    expect(turnOn.body.message).toBe(FEATURE_FLAG_MSG.mfaDisabled);

    await setFlag('mfa_active', otherCompanyId, true);
    const allowed = await http.put('/api/company/security', {
      cookie: other,
      body: { mfa_enabled: true, password_max_age_days: 0 },
    });
    expect(allowed.status).toBe(200);
    expect((await login(OTHER_ADMIN)).body.step).toBe('mfa');
    await ctx.db.update(companies).set({ mfaEnabled: false }).where(eq(companies.id, otherCompanyId));
  });

  it('send_username: on, an operator text goes out and is stored with the name in bold first', async () => {
    const v = await newVisitor(ctx, 'Visitante Flags');
    await v.send('Olá');
    const [card] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Visitante Flags'));
    const id = card?.id ?? 0;
    const send = (message: string) =>
      http.post(`/api/attendances/${id}/messages`, { cookie: operator, body: { message } });

    const plain = await send('Sem nome');
    expect((plain.body.message as { text: string }).text).toBe('Sem nome');

    await setFlag('send_username', ids.companyId, true);
    const named = await send('Com nome');
    expect(named.status).toBe(200);
    expect((named.body.message as { text: string }).text).toBe('*Ana:*\nCom nome');
    const stored = await ctx.db
      .select({ text: messages.text })
      .from(messages)
      .where(and(eq(messages.companyId, ids.companyId), eq(messages.attendanceId, id)))
      .orderBy(desc(messages.id))
      .limit(1);
    expect(stored[0]?.text).toBe('*Ana:*\nCom nome');
    const seen = (await v.state()).body.messages as { text: string }[];
    expect(seen.at(-1)?.text).toBe('*Ana:*\nCom nome');
    await setFlag('send_username', ids.companyId, false);
  });

  it('closed_bucket: a file of a finalized attendance opens only with a session of the company', async () => {
    const v = await newVisitor(ctx, 'Visitante Anexo');
    await v.send('Segue');
    const [card] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Visitante Anexo'));
    const id = card?.id ?? 0;
    const key = `att/${ids.companyId}/${id}/11111111-2222-4333-8444-555555555555.png`;
    await ctx.deps.storage.put(key, samplePng(), 'image/png');
    const link = new URL(ctx.deps.storage.signedUrl(key, 600).url, 'http://prosa.test');
    const path = `${link.pathname}${link.search}`;
    const open = async (cookie?: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
      const json = res.headers['content-type']?.toString().startsWith('application/json');
      return { status: res.statusCode, body: (json ? res.json() : {}) as Record<string, unknown> };
    };

    await setFlag('closed_bucket', ids.companyId, true);
    expect((await open()).status).toBe(200); // still open: the link works while the attendance is open
    await ctx.db
      .update(attendances)
      .set({ closedAt: new Date() })
      .where(and(eq(attendances.companyId, ids.companyId), eq(attendances.id, id)));
    const refused = await open();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FEATURE_FLAG_MSG.closedBucket);
    expect((await open(other)).status).toBe(403);
    expect((await open(manager)).status).toBe(200);

    await setFlag('closed_bucket', ids.companyId, false);
    expect((await open()).status).toBe(200);
  });

  it('encrypted_message: on, new attachments are stored encrypted and still served as they were sent', async () => {
    const v = await newVisitor(ctx, 'Visitante Cifra');
    await v.send('Oi');
    const [card] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Visitante Cifra'));
    const id = card?.id ?? 0;
    const png = samplePng(40, 30);
    const upload = async () => {
      const body = multipart([{ name: 'file', filename: 'foto.png', data: png }]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/attendances/${id}/upload`,
        headers: { ...body.headers, cookie: operator },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      const file = (res.json() as { file: { key: string; url: string } }).file;
      const onDisk = await readFile(join(ctx.deps.config.DATA_DIR, 'uploads', file.key));
      const link = new URL(file.url, 'http://prosa.test');
      const served = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      const ranged = await ctx.app.inject({
        method: 'GET',
        url: `${link.pathname}${link.search}`,
        headers: { range: 'bytes=1-3' },
      });
      return { onDisk, served, ranged, key: file.key, path: `${link.pathname}${link.search}` };
    };

    const plain = await upload();
    expect(plain.onDisk.equals(png)).toBe(true);

    await setFlag('encrypted_message', ids.companyId, true);
    const sealed = await upload();
    expect(sealed.onDisk.equals(png)).toBe(false);
    expect(sealed.onDisk.includes(png.subarray(0, 8))).toBe(false); // no PNG signature at rest
    expect(sealed.served.statusCode).toBe(200);
    expect(sealed.served.rawPayload.equals(png)).toBe(true);
    expect(sealed.served.headers['content-type']).toBe('image/png');
    expect(sealed.ranged.statusCode).toBe(206);
    expect(sealed.ranged.rawPayload.equals(png.subarray(1, 4))).toBe(true);
    // The senders of every channel read through the same storage: they get the plain bytes too.
    const stored = await ctx.deps.storage.get(sealed.key);
    expect(stored?.size).toBe(png.length);
    stored?.body.destroy();

    await setFlag('encrypted_message', ids.companyId, false);
    // Files written before keep working after the flag goes off.
    const again = await ctx.app.inject({ method: 'GET', url: sealed.path });
    expect(again.rawPayload.equals(png)).toBe(true);
  });
});
