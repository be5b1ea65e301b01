import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setTriage } from '../../../test/helpers/attendance-fixtures';
import { createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { autoDistConfigs, userPauses } from '../../db/schema/distribution';
import { users } from '../../db/schema/users';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;

const until = async (check: () => Promise<boolean>, ms = 25_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
};

beforeAll(async () => {
  // The worker's scheduler runs the cycles, the timers and the pause limits; its fact consumer brings a cycle
  // forward (jobs/registry.ts).
  ctx = await createTestContext({ queue: false, scheduler: true });
  ids = await demoIds(ctx);
});
afterAll(async () => {
  await ctx.close();
});

describe('the worker loop', () => {
  it('a new waiting web chat reaches an online operator within seconds (event brings the cycle forward)', async () => {
    await setTriage(ctx, ids.companyId, 'OPERATOR', true);
    await ctx.db.insert(autoDistConfigs).values({
      companyId: ids.companyId,
      enabled: true,
      chatPerUser: 3,
      nextCycleAt: sql`now() + interval '1 hour'`,
    });
    await ctx.db.update(users).set({ operatorStatus: 'online' }).where(eq(users.email, OPERATOR));
    const v = await newVisitor(ctx, 'Gil');
    await v.send('Oi, tem alguém?');
    const got = await until(
      async () =>
        (await ctx.db.select().from(attendances).where(eq(attendances.name, 'Gil')))[0]
          ?.operatorAssignedId === ids.user(OPERATOR),
    );
    expect(got).toBe(true);
  });

  it('fires the SLA timer and the pause limit without anyone calling them', async () => {
    const [c] = await ctx.db.select().from(companies).where(eq(companies.id, ids.companyId));
    await ctx.db
      .update(companies)
      .set({
        metadata: {
          ...(c?.metadata ?? {}),
          auto_dist: { on: true, client_waiting_response: { minutes: 5, action: 'none' } },
          control_pause: {
            is_active: true,
            use_reason: false,
            use_password: false,
            use_limit_pause: { enabled: true, limit_minutes: 10 },
          },
        },
      })
      .where(eq(companies.id, ids.companyId));
    await ctx.db
      .update(attendances)
      .set({ firstStartChatAt: sql`now() - interval '6 minutes'` })
      .where(eq(attendances.name, 'Gil'));
    expect(
      await until(
        async () =>
          (await ctx.db.select().from(attendances).where(eq(attendances.name, 'Gil')))[0]?.outOfSla === true,
      ),
    ).toBe(true);

    await ctx.db.insert(userPauses).values({
      companyId: ids.companyId,
      userId: ids.user(OPERATOR),
      startedAt: sql`now() - interval '11 minutes'`,
    });
    const ended = await until(
      async () =>
        (
          await ctx.db
            .select()
            .from(userPauses)
            .where(eq(userPauses.userId, ids.user(OPERATOR)))
        )[0]?.endedBy === 'limit',
    );
    expect(ended).toBe(true);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, OPERATOR));
    expect(user?.operatorStatus).toBe('offline');
  });
});
