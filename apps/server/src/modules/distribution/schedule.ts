import { and, eq, gt, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { autoDistConfigs } from '../../db/schema/distribution';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { runDistributionCycle } from './run-cycle';
import { runAttendanceTimers } from './run-timers';

/** Cadence of spec 1 §4: 20 s between cycles, 10 s after one that assigned something, 20 s after a failure. */
export const CYCLE_IDLE_MS = 20_000;
export const CYCLE_AFTER_ASSIGN_MS = 10_000;

/** Brings the next cycle forward to now: called after events that change the picture. Any node may call it. */
export async function requestDistribution(db: Db, companyId: number) {
  await db
    .update(autoDistConfigs)
    .set({ nextCycleAt: sql`now()` })
    .where(
      and(
        eq(autoDistConfigs.companyId, companyId),
        eq(autoDistConfigs.enabled, true),
        gt(autoDistConfigs.nextCycleAt, sql`now()`),
      ),
    );
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
 * The worker's distribution loop: every second it claims the due companies and runs their cycles. The
 * schedule lives in PostgreSQL, so it survives restarts and any number of workers share it.
 */
export function startDistributionTicker(
  deps: Pick<AppDeps, 'db' | 'events'>,
  opts: { intervalMs?: number; log?: (msg: string, err: unknown) => void } = {},
) {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      for (const companyId of await claimDue(deps.db, 20)) {
        try {
          const r = await runDistributionCycle(deps, { companyId });
          if (r.assigned > 0) {
            await deps.db
              .update(autoDistConfigs)
              .set({
                nextCycleAt: sql`least(${autoDistConfigs.nextCycleAt}, now() + make_interval(secs => ${CYCLE_AFTER_ASSIGN_MS / 1000}))`,
              })
              .where(eq(autoDistConfigs.companyId, companyId));
          }
        } catch (err) {
          opts.log?.('ciclo de distribuição falhou', err);
        }
      }
    } catch (err) {
      opts.log?.('agenda de distribuição falhou', err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, opts.intervalMs ?? 1000);
  return {
    tick,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/** Which domain events bring the next cycle forward: a waiting card, a freed place, a finished attendance. */
export function registerDistributionTriggers(deps: Pick<AppDeps, 'db' | 'events'>) {
  const trigger = (companyId: number) => {
    requestDistribution(deps.db, companyId).catch(() => {});
  };
  deps.events.on('attendance:changed', ({ companyId, card, previous }) => {
    if (card.operator_assigned_id === null || (previous && previous.operatorAssignedId !== null))
      trigger(companyId);
  });
  deps.events.on('attendance:closed', ({ companyId }) => trigger(companyId));
  deps.events.on('operator:changed', ({ companyId }) => trigger(companyId));
}
