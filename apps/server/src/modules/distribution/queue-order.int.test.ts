import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setTriage } from '../../../test/helpers/attendance-fixtures';
import { createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { autoDistConfigs } from '../../db/schema/distribution';
import { users } from '../../db/schema/users';
import { runDistributionCycle } from './run-cycle';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  ids = await demoIds(ctx);
  await setTriage(ctx, ids.companyId, 'OPERATOR', true);
  await ctx.db.insert(autoDistConfigs).values({ companyId: ids.companyId, enabled: true, chatPerUser: 1 });
});
afterAll(() => ctx.close());

describe('queue order of the distribution cycle', () => {
  it('serves cards queued at the same instant in arrival order, wherever their rows lie on disk', async () => {
    // Twelve cards queued by one statement share queued_at (as cards returned to the queue together do).
    const inserted = await ctx.pool.query<{ id: string }>(
      `with p as (
         insert into persons (company_id, name) select $1, 'Fila ' || g from generate_series(1, 12) g returning id, name)
       , c as (
         insert into contacts (company_id, person_id, kind, channel_id, external_id, name)
         select $1, p.id, 'web', 1, 'fila-' || p.id, p.name from p returning id, person_id, name)
       insert into attendances (company_id, card_id, protocol, contact_id, person_id, channel_kind, channel_id, name, sector_id)
       select $1, 'web_1_fila-' || c.person_id, 'F' || lpad(c.id::text, 12, '0'), c.id, c.person_id, 'web', 1, c.name, $2
         from c order by c.id
       returning id`,
      [ids.companyId, ids.sector('Comercial')],
    );
    const queued = inserted.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    expect(queued).toHaveLength(12);
    // Moving the first six to another sector and back gives them new rows (and index entries) after the
    // others, so an order by time alone (a tie for all twelve) reads them last.
    for (const sector of ['Suporte', 'Comercial']) {
      await ctx.pool.query('update attendances set sector_id = $1 where id = any($2::bigint[])', [
        ids.sector(sector),
        queued.slice(0, 6),
      ]);
    }
    await ctx.db.update(users).set({ operatorStatus: 'online' }).where(eq(users.email, OPERATOR));

    expect(await runDistributionCycle(ctx.deps, { companyId: ids.companyId })).toEqual({ assigned: 1 });
    const assigned = await ctx.db.execute<{ id: string }>(
      sql`select id from attendances where company_id = ${ids.companyId} and operator_assigned_id = ${ids.user(OPERATOR)}`,
    );
    expect(assigned.rows.map((r) => Number(r.id))).toEqual([queued[0]]);
  });
});
