import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import { saveSettings } from '../../../test/helpers/save-settings';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { CHANNEL_CREATE_ROUTES } from './kind-gate';

// Settings tab 15 (channels in use): a kind turned off cannot get new channels; its live channels keep working.
let ctx: TestContext;
let http: ReturnType<typeof api>;
let demo: Awaited<ReturnType<typeof demoIds>>;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  demo = await demoIds(ctx);
  manager = await http.login(MANAGER);
});
afterAll(() => ctx.close());

const createWebchat = (name: string) =>
  http.post('/api/webchats', { cookie: manager, body: { name, sector_id: demo.sector('Comercial') } });

describe('settings tab channels', () => {
  it('names a create call that exists for every kind', () => {
    for (const key of Object.keys(CHANNEL_CREATE_ROUTES)) {
      const [method, url] = key.split(' ') as ['POST', string];
      expect(ctx.app.hasRoute({ method, url }), key).toBe(true);
    }
  });

  it('every kind is on by default', async () => {
    const features = await http.get('/api/company/features', { cookie: manager });
    expect(features.body.allow).toMatchObject({ channel_web: true, channel_tg: true, channel_waweb: true });
    expect((await createWebchat('Chat padrão')).status).toBe(200);
  });

  it('a kind off refuses new channels of it, keeps the existing ones working, and on again allows', async () => {
    const saved = await saveSettings(ctx, manager, { allow: { channel_web: false, channel_tg: false } });
    expect(saved.status).toBe(200);
    const features = await http.get('/api/company/features', { cookie: manager });
    expect(features.body.allow).toMatchObject({ channel_web: false, channel_tg: false, channel_sms: true });

    const web = await createWebchat('Chat desligado');
    expect(web.status).toBe(403);
    expect(web.body.message).toBe(
      'Os canais do tipo Web chat estão desativados para a empresa. Ative-os em Configurações > Canais.',
    );
    const tg = await http.post('/api/channels/telegram', {
      cookie: manager,
      body: { name: 'Bot novo', default_sector_id: demo.sector('Comercial'), token: '123456:ABCdef' },
    });
    expect(tg.status).toBe(403);
    expect(tg.body.message).toBe(
      'Os canais do tipo Telegram estão desativados para a empresa. Ative-os em Configurações > Canais.',
    );

    // The demo web chat still takes its visitors' messages.
    const visitor = await newVisitor(ctx, 'Visitante com canal desligado');
    expect((await visitor.send('Olá, ainda funciona?')).status).toBe(200);

    expect((await saveSettings(ctx, manager, { allow: { channel_web: true } })).status).toBe(200);
    expect((await createWebchat('Chat religado')).status).toBe(200);
  });
});
