import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, OPERATOR, OTHER_ADMIN, type TestContext } from '../../test/helpers/test-app';
import { notifications } from '../db/schema/notices';
import { seedNotificationSamples } from './notification-samples';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
});
afterAll(() => ctx?.close());

describe('notification samples', () => {
  it('adds one welcome notification for the demo company, once', async () => {
    await seedNotificationSamples(ctx.db);
    await seedNotificationSamples(ctx.db);
    expect((await ctx.db.select().from(notifications)).map((n) => n.title)).toEqual(['Bem-vindo ao Prosa']);
    const http = api(ctx);
    const mine = await http.get('/api/notifications/unread', { cookie: await http.login(OPERATOR) });
    expect((mine.body.items as { title: string }[]).map((n) => n.title)).toEqual(['Bem-vindo ao Prosa']);
    const other = await http.get('/api/notifications/unread', { cookie: await http.login(OTHER_ADMIN) });
    expect(other.body.items).toEqual([]);
  });
});
