import { and, eq, gt, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { autoDistConfigs } from '../../db/schema/distribution';
import { notifyScheduler } from '../../jobs/scheduler';
import type { Db, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { runDistributionCycle } from './run-cycle';

/** Cadence of spec 1 §4: 20 s between cycles, 10 s after one that assigned something, 20 s after a failure. */
export const CYCLE_IDLE_MS = 20_000;
export const CYCLE_AFTER_ASSIGN_MS = 10_000;

/** The scheduler's task that runs the due cycles (jobs/registry.ts). */
export const DISTRIBUTION_TASK = 'distribution.cycles';

/**
 * Brings the next cycle forward to now and wakes the workers' scheduler: called after facts that change the
 * picture (distribution-trigger.ts). Any node may call it; in a transaction, it takes effect at commit.
 */
export async function requestDistribution(db: Db | Tx, companyId: number) {
  const brought = await db
    .update(autoDistConfigs)
    .set({ nextCycleAt: sql`now()` })
    .where(
      and(
        eq(autoDistConfigs.companyId, companyId),
        eq(autoDistConfigs.enabled, true),
        gt(autoDistConfigs.nextCycleAt, sql`now()`),
      ),
    )
    .returning({ companyId: autoDistConfigs.companyId });
  if (brought.length > 0) await notifyScheduler(db, DISTRIBUTION_TASK);
}

/** Claims the companies whose cycle is due (each claimed by exactly one worker) and pushes their next one. */
async function claimDue(db: Db, limit: number): Promise<number[]> {
  const rows = await db.execute<{ company_id: number }>(sql`
    update auto_dist_configs c
       set next_cycle_at = now() + make_interval(secs => ${CYCLE_IDLE_MS / 1000})
     where c.company_id in (
       select company_id from auto_dist_configs
        where enabled and next_cycle_at <= now()
        order by next_cycle_at
        limit ${limit}
        for update skip locked)
    returning c.company_id`);
  return rows.rows.map((r) => Number(r.company_id));
}

/**
 * The task `distribution.cycles`: claims the due companies and runs their cycles. Cycles live in PostgreSQL
 * (next_cycle_at), so they survive restarts and any number of workers share them. A company's failure does not
 * stop the others; the failures are thrown together at the end (the scheduler records them).
 */
export async function runDueCycles(
  deps: Pick<AppDeps, 'db' | 'storage' | 'outbound' | 'appSecret' | 'channels' | 'channelRepository'>,
) {
  const failures: string[] = [];
  for (const companyId of await claimDue(deps.db, 20)) {
    const r = await runDistributionCycle(deps, { companyId }).catch((err: unknown) => {
      failures.push(`empresa ${companyId}: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    });
    if (r && r.assigned > 0) {
      await deps.db
        .update(autoDistConfigs)
        .set({
          nextCycleAt: sql`least(${autoDistConfigs.nextCycleAt}, now() + make_interval(secs => ${CYCLE_AFTER_ASSIGN_MS / 1000}))`,
        })
        .where(eq(autoDistConfigs.companyId, companyId));
    }
  }
  if (failures.length > 0) throw new Error(`ciclo de distribuição falhou: ${failures.join('; ')}`);
}

/**
 * Runs `work` for every active company (the timers' and pause limits' tasks); a company's failure does not stop
 * the others, and the failures are thrown together at the end.
 */
export async function forEachActiveCompany(
  db: Db,
  what: string,
  work: (companyId: number, now: Date) => Promise<unknown>,
) {
  const active = await db.select({ id: companies.id }).from(companies).where(eq(companies.statusId, 1));
  const failures: string[] = [];
  for (const { id } of active) {
    await work(id, new Date()).catch((err: unknown) => {
      failures.push(`empresa ${id}: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
  if (failures.length > 0) throw new Error(`${what}: ${failures.join('; ')}`);
}
