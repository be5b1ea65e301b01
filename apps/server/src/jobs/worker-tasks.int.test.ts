import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { maintainFactPartitions } from '../facts/partitions';
import { loadConfig } from '../platform/config';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, scheduler: true, env: { FACTS_RETENTION_DAYS: '2' } });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const key = (d: Date) => `domain_events_${d.toISOString().slice(0, 10).replaceAll('-', '')}`;
const today = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
const plusDays = (n: number) => new Date(today.getTime() + n * DAY);

async function partitions(): Promise<string[]> {
  const r = await ctx.db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'domain_events'::regclass order by 1`);
  return r.rows.map((x) => x.name);
}

const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
};

describe("the worker's tasks", () => {
  it('are registered in scheduled_tasks with their periods', async () => {
    const r = await ctx.db.execute<{ name: string; every_ms: number }>(
      sql`select name, every_ms from scheduled_tasks order by name`,
    );
    expect(r.rows.map((x) => [x.name, Number(x.every_ms)])).toEqual([
      ['attendance.auto-change', 30_000],
      ['attendance.timers', 2000],
      ['batch-close.resume', 30_000],
      ['billing.previous-month', 3_600_000],
      ['campaigns.requeue-pending', 60_000],
      ['chatbot.http-sweep', 10_000],
      ['distribution.cycles', 1000],
      ['facts.partitions', 3_600_000],
      ['inbox.partitions', 3_600_000],
      ['inbox.sweep', 5000],
      ['notifications.schedule', 10_000],
      ['outbound.sweep', 10_000],
      ['pause.limits', 2000],
      ['polls.expire', 30_000],
      ['reports.background-resume', 30_000],
      ['reports.periodic', 86_400_000],
      ['schedules.return', 15_000],
    ]);
  });

  it('facts.partitions drops the partitions older than FACTS_RETENTION_DAYS', async () => {
    // Its first run (at start) has ended: the next would be an hour later.
    expect(
      await until(async () => {
        const r = await ctx.db.execute<{ done: boolean }>(
          sql`select last_run_at is not null and running_until is null as done from scheduled_tasks where name = 'facts.partitions'`,
        );
        return r.rows[0]?.done === true;
      }),
    ).toBe(true);
    // Partitions of 5 to 2 days ago, as a worker left them then.
    await maintainFactPartitions(ctx.db, { now: plusDays(-5), retentionDays: 3650 });
    for (const d of [-5, -4, -3, -2]) expect(await partitions()).toContain(key(plusDays(d)));

    await ctx.db.execute(sql`select pg_notify('scheduler', 'facts.partitions')`);
    expect(
      await until(async () => {
        const names = await partitions();
        return [-5, -4, -3].every((d) => !names.includes(key(plusDays(d))));
      }),
    ).toBe(true);
    expect(await partitions()).toContain(key(plusDays(-2)));
  });

  it('FACTS_RETENTION_DAYS defaults to 7 and refuses what is not a whole number of days', () => {
    expect(loadConfig({}).FACTS_RETENTION_DAYS).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'sete'])
      expect(() => loadConfig({ FACTS_RETENTION_DAYS: bad }), bad).toThrow(/FACTS_RETENTION_DAYS/);
  });
});
