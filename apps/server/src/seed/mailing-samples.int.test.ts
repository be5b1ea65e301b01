import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoIds } from '../../test/helpers/attendance-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { mailingRowKeys, mailings } from '../db/schema/campaigns';
import { findMailingRow } from '../modules/mailing/repository';
import { DEMO_MAILING_TITLE, seedMailingSamples } from './mailing-samples';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
});
afterAll(() => ctx.close());

it('seeds one active, imported mailing once, its phones keyed for WhatsApp and SMS', async () => {
  expect(await seedMailingSamples(ctx.db, ctx.deps.storage)).toBe(true);
  expect(await seedMailingSamples(ctx.db, ctx.deps.storage)).toBe(false);
  const { companyId } = await demoIds(ctx);
  const [m] = await ctx.db.select().from(mailings).where(eq(mailings.title, DEMO_MAILING_TITLE));
  expect(m).toMatchObject({ companyId, active: true, processing: 'done', rowCount: 15 });
  const keys = await ctx.db
    .select()
    .from(mailingRowKeys)
    .where(eq(mailingRowKeys.mailingId, m?.id ?? 0));
  expect(keys).toHaveLength(45);
  const first = keys.find((k) => k.prefix === 'waent' && k.rowNumber === 1);
  expect(await findMailingRow(ctx.db, companyId, m?.id ?? 0, 'sms', first?.key ?? '')).toMatchObject({
    Nome: 'Mariana Alves',
    cod_setor: 'Comercial',
  });
  expect(await ctx.deps.storage.get(m?.fileKey ?? '')).not.toBeNull();
});
