import { NOTIFICATION_MSG, type TNotificationAdmin } from '@prosa/shared/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/helpers/multipart';
import { largePng, sampleGif, sampleJpeg, samplePdf, samplePng } from '../../../test/helpers/sample-files';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { userCompanies } from '../../db/schema/admin';
import { companies } from '../../db/schema/companies';
import { notifications } from '../../db/schema/notices';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../platform/crypto';

// The admin side of notifications against the real database: the spec 2 §5 texts, paging, the companies an admin
// may aim at and see, the leads view and the image upload.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let demoId: number;
let otherId: number;
const cookies: Record<string, string> = {};
const LORD = 'dono@prosa.dev';

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  const rows = await ctx.db.select({ id: companies.id, name: companies.name }).from(companies);
  demoId = rows.find((r) => r.name === 'Empresa Demo')?.id ?? 0;
  otherId = rows.find((r) => r.name === 'Outra Empresa')?.id ?? 0;
  await ctx.db.insert(users).values({
    companyId: demoId,
    name: 'Dono da Plataforma',
    displayName: 'Dono',
    email: LORD,
    role: 1000,
    passwordHash: await hashPassword(PASSWORD),
  });
  for (const e of [ADMIN, MANAGER, OPERATOR, OTHER_ADMIN, LORD]) cookies[e] = await http.login(e);
}, 120_000);
afterAll(() => ctx?.close());

const c = (email: string) => cookies[email] as string;
const VALID = { model_id: 1, title: 'Manutenção programada', description: 'O sistema para às 22h.' };

const create = async (email: string, body: Record<string, unknown>) =>
  http.post('/api/notifications', { cookie: c(email), body: { ...VALID, ...body } });

async function upload(email: string, file: Buffer, filename: string, fileName = filename) {
  const form = multipart([
    { name: 'fileName', value: fileName },
    { name: 'file', filename, contentType: 'application/octet-stream', data: file },
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/notification-upload',
    headers: { ...form.headers, cookie: c(email) },
    payload: form.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

describe('notifications: admin', () => {
  it('refuses bad input with the spec 2 §5 texts and saves nothing', async () => {
    const image = (await upload(ADMIN, samplePng(), 'banner.png')).body.url as string;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, NOTIFICATION_MSG.titleRequired],
      [{ model_id: undefined }, NOTIFICATION_MSG.modelRequired],
      [{ model_id: 7 }, NOTIFICATION_MSG.modelRequired],
      [{ description: '' }, NOTIFICATION_MSG.contentRequired],
      [{ link: 'https://prosa.dev/oferta' }, NOTIFICATION_MSG.linkNeedsImage],
      [{ schedule_start_at: '2030-01-10 08:00:00' }, NOTIFICATION_MSG.endRequired],
      [
        { schedule_start_at: '2030-01-10 08:00:00', schedule_end_at: '2030-01-10 07:59:59' },
        NOTIFICATION_MSG.endAfterStart,
      ],
      [
        { schedule_start_at: '2030-02-30 08:00:00', schedule_end_at: '2030-03-01' },
        NOTIFICATION_MSG.dateInvalid,
      ],
      [{ extra_data: '{"plano": ' }, 'Os dados extras contêm um JSON inválido.'],
      [{ schedule_status: 'DONE' }, NOTIFICATION_MSG.statusInvalid],
      [{ image_url: 'https://evil.example/x.png' }, 'O arquivo não é uma imagem válida'],
    ];
    for (const [body, message] of cases) {
      const r = await create(ADMIN, body);
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await ctx.db.select().from(notifications)).toEqual([]);

    // An image alone is enough, and then a link is allowed; extra data is kept as JSON.
    const ok = await create(ADMIN, {
      description: '',
      image_url: image,
      link: 'https://prosa.dev/oferta',
      extra_data: '{"plano": "ouro"}',
      schedule_start_at: '2030-01-10 08:00',
      schedule_end_at: '2030-01-20 18:00:00',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(NOTIFICATION_MSG.created);
    const got = await http.get(`/api/notifications/${ok.body.id}`, { cookie: c(ADMIN) });
    const n = got.body as unknown as TNotificationAdmin;
    expect(n).toMatchObject({ image_url: image, link: 'https://prosa.dev/oferta', company_ids: [demoId] });
    expect(JSON.parse(n.extra_data ?? 'null')).toEqual({ plano: 'ouro' });
    // Wall-clock times of the company (São Paulo, UTC−3) stored as instants.
    expect(n.schedule_start_at).toBe('2030-01-10T11:00:00.000Z');
    expect(n.schedule_end_at).toBe('2030-01-20T21:00:00.000Z');
    await ctx.db.delete(notifications);
  });

  it('only admins and above reach the admin calls', async () => {
    for (const who of [MANAGER, OPERATOR]) {
      expect((await http.get('/api/notifications', { cookie: c(who) })).status).toBe(403);
      expect((await create(who, {})).status).toBe(403);
    }
    expect((await http.get('/api/notifications')).status).toBe(401);
    const models = await http.get('/api/notifications/models', { cookie: c(ADMIN) });
    expect((models.body as unknown as { name: string }[]).map((m) => m.name)).toEqual([
      'Comunicado',
      'Lead interessado',
    ]);
  });

  it('pages 50 at a time, newest first, with the total, and finds by title', async () => {
    await ctx.db.insert(notifications).values(
      Array.from({ length: 55 }, (_, i) => ({
        modelId: 1,
        title: `Aviso ${String(i + 1).padStart(2, '0')}`,
        description: 'texto',
        companyIds: [demoId],
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const p1 = await http.get('/api/notifications', { cookie: c(ADMIN) });
    const items1 = p1.body.items as TNotificationAdmin[];
    expect(p1.body).toMatchObject({ total: 55, page: 1, per_page: 50 });
    expect(items1).toHaveLength(50);
    expect(items1[0]?.title).toBe('Aviso 55');
    const p2 = await http.get('/api/notifications?page=2', { cookie: c(ADMIN) });
    expect((p2.body.items as TNotificationAdmin[]).map((n) => n.title)).toEqual([
      'Aviso 05',
      'Aviso 04',
      'Aviso 03',
      'Aviso 02',
      'Aviso 01',
    ]);
    const found = await http.get(`/api/notifications?title=${encodeURIComponent('viso 1')}`, {
      cookie: c(ADMIN),
    });
    expect(found.body.total).toBe(10);
    expect((found.body.items as TNotificationAdmin[]).every((n) => n.title.startsWith('Aviso 1'))).toBe(true);
    await ctx.db.delete(notifications);
  });

  it('an admin aims only at companies they manage and never sees or edits another company’s', async () => {
    const onlyOther = await create(OTHER_ADMIN, { title: 'Só da Outra' });
    expect(onlyOther.status).toBe(200);
    const id = Number(onlyOther.body.id);
    // Nothing of company B for the admin of A: not in the list, not by id, not to change or delete.
    const list = await http.get('/api/notifications', { cookie: c(ADMIN) });
    expect((list.body.items as TNotificationAdmin[]).map((n) => n.id)).not.toContain(id);
    expect((await http.get(`/api/notifications/${id}`, { cookie: c(ADMIN) })).status).toBe(404);
    const put = await http.put(`/api/notifications/${id}`, { cookie: c(ADMIN), body: VALID });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe(NOTIFICATION_MSG.notFound);
    expect((await http.delete(`/api/notifications/${id}`, { cookie: c(ADMIN) })).status).toBe(404);
    expect((await http.get(`/api/notifications/${id}/leads`, { cookie: c(ADMIN) })).status).toBe(404);
    const [kept] = await ctx.db.select().from(notifications).where(eq(notifications.id, id));
    expect(kept).toMatchObject({ title: 'Só da Outra', deletedAt: null });

    // Aiming at a company outside theirs is refused.
    const foreign = await create(ADMIN, { company_ids: [otherId] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(NOTIFICATION_MSG.companyNotFound);
    expect((await create(ADMIN, { company_ids: [2_147_483_647] })).status).toBe(404);

    // With B in their list (user_companies), A's admin may aim at both; none chosen means both of theirs.
    const [adminRow] = await ctx.db.select().from(users).where(eq(users.email, ADMIN));
    await ctx.db.insert(userCompanies).values({ userId: adminRow?.id ?? 0, companyId: otherId });
    const both = await create(ADMIN, { title: 'Para as duas', company_ids: [] });
    const saved = await http.get(`/api/notifications/${both.body.id}`, { cookie: c(ADMIN) });
    expect((saved.body as unknown as TNotificationAdmin).company_ids).toEqual(
      [demoId, otherId].sort((a, b) => a - b),
    );
    expect((await http.get(`/api/notifications/${id}`, { cookie: c(ADMIN) })).status).toBe(200);
    // B's admin does not manage A: the notification for both is not theirs.
    expect((await http.get(`/api/notifications/${both.body.id}`, { cookie: c(OTHER_ADMIN) })).status).toBe(
      404,
    );
    await ctx.db.delete(userCompanies);

    // The platform owner sees every one and may aim at every company (none chosen: kept empty).
    const all = await create(LORD, { title: 'Para todas' });
    const lordList = await http.get('/api/notifications', { cookie: c(LORD) });
    expect((lordList.body.items as TNotificationAdmin[]).map((n) => n.title)).toEqual([
      'Para todas',
      'Para as duas',
      'Só da Outra',
    ]);
    const lordOne = await http.get(`/api/notifications/${all.body.id}`, { cookie: c(LORD) });
    expect((lordOne.body as unknown as TNotificationAdmin).company_ids).toEqual([]);
    expect((await http.get(`/api/notifications/${all.body.id}`, { cookie: c(ADMIN) })).status).toBe(404);
    await ctx.db.delete(notifications);
  });

  it('updates and deletes (soft) what the admin reaches', async () => {
    const r = await create(ADMIN, { title: 'Antes' });
    const id = Number(r.body.id);
    const put = await http.put(`/api/notifications/${id}`, {
      cookie: c(ADMIN),
      body: { ...VALID, title: 'Depois', schedule_status: 'PAUSED', audience: 'operators' },
    });
    expect(put.body.message).toBe(NOTIFICATION_MSG.updated);
    const got = (await http.get(`/api/notifications/${id}`, { cookie: c(ADMIN) })).body;
    expect(got).toMatchObject({ title: 'Depois', schedule_status: 'PAUSED', audience: 'operators' });
    const bad = await http.put(`/api/notifications/${id}`, {
      cookie: c(ADMIN),
      body: { ...VALID, extra_data: '[1,' },
    });
    expect(bad.body.message).toBe('Os dados extras contêm um JSON inválido.');
    const del = await http.delete(`/api/notifications/${id}`, { cookie: c(ADMIN) });
    expect(del.body.message).toBe(NOTIFICATION_MSG.deleted);
    expect((await http.get(`/api/notifications/${id}`, { cookie: c(ADMIN) })).status).toBe(404);
    expect((await http.get('/api/notifications', { cookie: c(ADMIN) })).body.total).toBe(0);
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    await ctx.db.delete(notifications);
  });

  it('uploads jpg/jpeg/png up to 2MB only, and serves the image', async () => {
    const png = await upload(ADMIN, samplePng(), 'banner.png');
    expect(png.status).toBe(200);
    expect(png.body.success).toBe(true);
    expect(png.body.url).toMatch(/^\/api\/notification-images\/[0-9a-f-]{36}\.png$/);
    const jpeg = await upload(ADMIN, sampleJpeg(), 'foto.jpeg');
    expect(jpeg.body.url).toMatch(/\.jpg$/);

    for (const [file, name] of [
      [sampleGif(), 'anim.gif'],
      [samplePdf(), 'proposta.pdf'],
      [samplePdf(), 'disfarce.png'],
      [samplePng(), 'imagem.gif'],
    ] as const) {
      const r = await upload(ADMIN, file, name);
      expect(r.status, name).toBe(400);
      expect(r.body.message).toBe('O arquivo não é uma imagem válida');
    }
    const big = await upload(ADMIN, largePng(2 * 1024 * 1024 + 10), 'grande.png');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Tamanho máximo 2MB excedido!');
    expect((await upload(MANAGER, samplePng(), 'x.png')).status).toBe(403);

    const url = png.body.url as string;
    const served = await ctx.app.inject({ method: 'GET', url, headers: { cookie: c(ADMIN) } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(samplePng())).toBe(true);
    // A user sees it only once a notification of their company carries it.
    const asOp = () => ctx.app.inject({ method: 'GET', url, headers: { cookie: c(OPERATOR) } });
    expect((await asOp()).statusCode).toBe(404);
    await create(ADMIN, { image_url: url });
    expect((await asOp()).statusCode).toBe(200);
    const asOther = await ctx.app.inject({ method: 'GET', url, headers: { cookie: c(OTHER_ADMIN) } });
    expect(asOther.statusCode).toBe(200); // admins preview any image in the form
    await ctx.db.delete(notifications);
  });
});
