import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';
import { DEMO_WEBCHAT_CODE } from './demo-page';
import { insertWebchat } from './repository';

// /demo/webchat shows the demo web chat by its fixed code, never by a company name another tenant can take.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
});
afterAll(() => ctx.close());

const page = () => ctx.app.inject({ method: 'GET', url: '/demo/webchat' });

describe('demo web chat page', () => {
  it('loads the web chat of the fixed demo code, even when another tenant is named "Empresa Demo"', async () => {
    const [demo] = await ctx.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
    const [other] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
    if (!demo || !other) throw new Error('dados de demonstração ausentes');
    const [sector] = await ctx.db.select().from(sectors).where(eq(sectors.companyId, other.id));
    await insertWebchat(ctx.db, {
      companyId: other.id,
      code: 'chat-da-outra',
      name: 'Site da outra',
      sectorId: sector?.id ?? 0,
      customData: {},
    });
    // The demo company renamed itself; the other tenant took its name.
    await ctx.db.update(companies).set({ name: 'Demo Renomeada' }).where(eq(companies.id, demo.id));
    await ctx.db.update(companies).set({ name: 'Empresa Demo' }).where(eq(companies.id, other.id));

    const r = await page();
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain(`<script src="/webchat/${DEMO_WEBCHAT_CODE}.js" async></script>`);
    expect(r.body).not.toContain('chat-da-outra');
  });

  it('without the demo web chat, a clear Portuguese page and no chat at all', async () => {
    await ctx.db
      .update(channels)
      .set({ deletedAt: new Date() })
      .where(and(eq(channels.kind, 'web'), eq(channels.routeKey, DEMO_WEBCHAT_CODE)));
    const r = await page();
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('O web chat de demonstração não está disponível neste servidor.');
    expect(r.body).not.toContain('<script');
  });
});
