import { eq } from 'drizzle-orm';
import { mailingRows, mailings } from '../../src/db/schema/campaigns';
import { channels } from '../../src/db/schema/channels';
import { hsmTemplates } from '../../src/db/schema/waent';
import { demoIds } from './attendance-fixtures';
import { insertWaentRows } from './channel-fixtures';
import type { TestContext } from './test-app';

// Campaign test data written straight into the tables: channels of each kind, a template, a mailing with rows.

export async function campaignFixtures(ctx: TestContext) {
  const demo = await demoIds(ctx);
  const companyId = demo.companyId;
  const sectorId = demo.sector('Suporte') || demo.sector('Comercial');
  const [waent] = await insertWaentRows(ctx.db, {
    companyId,
    name: 'WhatsApp Campanhas',
    defaultSectorId: sectorId,
    phoneNumberId: `pn-${Math.random().toString(36).slice(2)}`,
    wabaId: 'waba-1',
  });
  if (!waent) throw new Error('waent channel');
  const raw = async (kind: string, name: string, config: Record<string, unknown> = {}) => {
    const [row] = await ctx.db
      .insert(channels)
      .values({
        companyId,
        kind,
        name,
        defaultSectorId: sectorId,
        routeKey: `${kind}-${Math.random().toString(36).slice(2)}`,
        config,
      })
      .returning();
    if (!row) throw new Error('channel');
    return row;
  };
  const waweb = await raw('waweb', 'WhatsApp Web Vendas');
  const sms = await raw('sms', 'SMS Zenvia', { broker: 'zenvia' });
  const template = async (
    name: string,
    text: string,
    extra: Partial<typeof hsmTemplates.$inferInsert> = {},
  ) => {
    const [t] = await ctx.db
      .insert(hsmTemplates)
      .values({ ownerCompanyId: companyId, name, elementName: name, template: text, ...extra })
      .returning();
    if (!t) throw new Error('template');
    return t;
  };
  const mailing = async (
    title: string,
    header: string[],
    rows: string[][],
    extra: Partial<typeof mailings.$inferInsert> = {},
  ) => {
    const [m] = await ctx.db
      .insert(mailings)
      .values({
        companyId,
        title,
        fields: header,
        params: header.map((label, field) => ({ field, label, display: field < 4, is_key_to_channel: [] })),
        processing: 'done',
        rowCount: rows.length,
        processedRows: rows.length,
        ...extra,
      })
      .returning();
    if (!m) throw new Error('mailing');
    if (rows.length)
      await ctx.db
        .insert(mailingRows)
        .values(rows.map((values, i) => ({ companyId, mailingId: m.id, rowNumber: i + 1, values })));
    return m;
  };
  return { demo, companyId, sectorId, waent, waweb, sms, template, mailing };
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export async function deleteChannel(ctx: TestContext, id: number) {
  await ctx.db.update(channels).set({ deletedAt: new Date() }).where(eq(channels.id, id));
}
