import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, OPERATOR, type TestContext } from '../../test/helpers/test-app';
import { seedBlacklistSamples } from './blacklist-samples';
import { seedSampleConversations } from './sample-conversations';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
});
afterAll(() => ctx.close());

describe('seedBlacklistSamples', () => {
  it('turns the demo blacklist on with a blocked number and its history, and Ana’s pending suggestion; once', async () => {
    await seedSampleConversations(ctx.db, ctx.deps.appSecret);
    expect(await seedBlacklistSamples(ctx.db)).toBe(true);
    expect(await seedBlacklistSamples(ctx.db)).toBe(false);
    const http = api(ctx);
    const manager = await http.login(MANAGER);
    const list = await http.get('/api/blacklist', { cookie: manager });
    expect(list.status).toBe(200);
    const [row] = list.body.items as { id: number; contact: string; status_label: string }[];
    expect(row).toMatchObject({ contact: '5511988887777', status_label: 'Bloqueado' });
    const details = await http.get(`/api/blacklist/${row?.id}`, { cookie: manager });
    expect((details.body.history as { label: string }[]).map((h) => h.label)).toEqual([
      'Bloqueio',
      'Desbloqueio',
      'Bloqueio',
    ]);
    const suggestions = await http.get('/api/block-suggestions', { cookie: manager });
    expect(suggestions.body.items).toMatchObject([{ operator_name: 'Ana', status_label: 'Pendente' }]);
    const operator = await http.login(OPERATOR);
    expect((await http.get('/api/blacklist/access', { cookie: operator })).body).toMatchObject({
      can_suggest: true,
    });
  });
});
