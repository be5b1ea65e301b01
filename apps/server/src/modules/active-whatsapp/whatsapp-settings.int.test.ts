import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { samplePng } from '../../../test/helpers/sample-files';
import { saveSettings } from '../../../test/helpers/save-settings';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { activeSends } from '../../db/schema/waent';

// Settings tab 5 (WhatsApp): the switches and the daily limit a manager saves gate the active WhatsApp calls.
let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  companyId = (await demoIds(ctx)).companyId;
  manager = await http.login(MANAGER);
});
afterAll(() => ctx.close());

const upload = async () => {
  const form = multipart([{ name: 'file', filename: 'foto.png', data: samplePng() }]);
  const r = await ctx.app.inject({
    method: 'POST',
    url: '/api/active-waweb-upload',
    headers: { ...form.headers, cookie: manager },
    payload: form.payload,
  });
  return { status: r.statusCode, body: JSON.parse(r.body) as Record<string, unknown> };
};

describe('settings tab WhatsApp', () => {
  it('whatsapp-active saved off refuses the active WhatsApp; on lets it through', async () => {
    expect((await saveSettings(ctx, manager, { allow: { 'whatsapp-active': false } })).status).toBe(200);
    const off = await upload();
    expect(off.status).toBe(403);
    expect(off.body.message).toBe('Você não tem permissão para esta ação.');
    const options = await http.get('/api/active-whatsapp/options', { cookie: manager });
    expect(options.body).toMatchObject({ allowed: false, company_flag: false });

    expect((await saveSettings(ctx, manager, { allow: { 'whatsapp-active': true } })).status).toBe(200);
    const on = await upload();
    expect(on.status).toBe(200);
    expect(on.body.success).toBe(true);
  });

  it('the daily limit refuses once the sends of the day reach it; 0 means no limit', async () => {
    await ctx.db.delete(activeSends).where(eq(activeSends.companyId, companyId));
    const saved = await saveSettings(ctx, manager, { allow: { 'whatsapp-active': true }, max_active: 2 });
    expect(saved.status).toBe(200);
    expect((saved.body.metadata as { max_active: number }).max_active).toBe(2);
    const row = { companyId, userId: 1, channelId: 1, phone: '5511987654321' };
    await ctx.db.insert(activeSends).values(row);
    expect((await upload()).status).toBe(200);
    await ctx.db.insert(activeSends).values(row);
    const total = await http.get('/api/get-total-active-sent-day', { cookie: manager });
    expect(total.body.total).toBe(2);
    const refused = await upload();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Limite diário de ativos atingido: 2 envios por dia. Tente novamente amanhã.',
    );

    expect((await saveSettings(ctx, manager, { max_active: 0 })).status).toBe(200);
    expect((await upload()).status).toBe(200);
  });

  it('a daily limit that is not a whole number from 0 to 100000 is refused in Portuguese', async () => {
    for (const bad of [-1, 1.5, 100001]) {
      const r = await saveSettings(ctx, manager, { max_active: bad });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('O limite diário de ativos deve ser um número inteiro entre 0 e 100000.');
    }
  });
});
