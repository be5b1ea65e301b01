import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let numberId: number;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  const manager = await http.login(MANAGER);
  const sectors = await http.get('/api/sectors', { cookie: manager });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const created = await http.post('/api/channels/waweb', {
    cookie: manager,
    body: { name: 'Loja em pane', sector_id: sectorId, phone_number: '5511977776666' },
  });
  expect(created.status).toBe(200);
  numberId = created.body.id as number;
});
afterAll(() => ctx.close());

// Spec 1 §8 'Pane alterada com sucesso.' / §9 breakdown-activate: a number marked "em pane" in the Monitor.
describe('the Monitor breakdown mark', () => {
  it('marks and clears a number: the Monitor data lists it while marked', async () => {
    const manager = await http.login(MANAGER);
    const url = `/api/monitor/channels/${numberId}/breakdown`;
    const on = await http.post(url, { cookie: manager, body: { active: true } });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ message: 'Pane alterada com sucesso.', breakdown_ids: [numberId] });
    // Marking twice keeps one mark.
    expect((await http.post(url, { cookie: manager, body: { active: true } })).body.breakdown_ids).toEqual([
      numberId,
    ]);
    const data = await http.get('/api/monitor/get-data', { cookie: manager });
    expect(data.body.breakdown_ids).toEqual([numberId]);

    const off = await http.post(url, { cookie: manager, body: { active: false } });
    expect(off.body).toEqual({ message: 'Pane alterada com sucesso.', breakdown_ids: [] });
    expect((await http.get('/api/monitor/get-data', { cookie: manager })).body.breakdown_ids).toEqual([]);
  });

  it('checks role, company and input', async () => {
    const url = `/api/monitor/channels/${numberId}/breakdown`;
    expect((await http.post(url, { body: { active: true } })).status).toBe(401);
    const operator = await http.login(OPERATOR);
    expect((await http.post(url, { cookie: operator, body: { active: true } })).status).toBe(403);
    const other = await http.login(OTHER_ADMIN);
    expect((await http.post(url, { cookie: other, body: { active: true } })).status).toBe(404);
    expect((await http.get('/api/monitor/get-data', { cookie: other })).body.breakdown_ids).toEqual([]);

    const manager = await http.login(MANAGER);
    const bad = await http.post(url, { cookie: manager, body: { active: 'sim' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Informe se a pane está ativa.');
    const missing = await http.post('/api/monitor/channels/999999/breakdown', {
      cookie: manager,
      body: { active: true },
    });
    expect(missing.status).toBe(404);
    expect((await http.get('/api/monitor/get-data', { cookie: manager })).body.breakdown_ids).toEqual([]);
  });
});
