import { and, eq, gt, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { autoDistConfigs } from '../../db/schema/distribution';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { enforcePauseLimits } from '../pause/pause-user';
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
 * The worker's loop: every second it claims the due companies and runs their distribution cycles, and every
 * few seconds it runs the attendance timers and the pause limits. Schedules and timers live in PostgreSQL
 * (next_cycle_at, the attendances' and pauses' own timestamps), so they survive restarts and any number of
 * workers share them; every change is a conditional update, so two workers never apply one twice.
 */
export function startDistributionTicker(
  deps: Pick<
    AppDeps,
    'db' | 'events' | 'storage' | 'outbound' | 'appSecret' | 'channels' | 'channelRepository'
  >,
  opts: { intervalMs?: number; timersEveryMs?: number; log?: (msg: string, err: unknown) => void } = {},
) {
  let running = false;
  let stopped = false;
  let lastTimers = 0;
  const log = (msg: string) => (err: unknown) => opts.log?.(msg, err);
  const cycles = async () => {
    for (const companyId of await claimDue(deps.db, 20)) {
      const r = await runDistributionCycle(deps, { companyId }).catch((err: unknown) => {
        log('ciclo de distribuição falhou')(err);
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
  };
  const timers = async () => {
    if (Date.now() - lastTimers < (opts.timersEveryMs ?? 2000)) return;
    lastTimers = Date.now();
    const active = await deps.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.statusId, 1));
    for (const { id } of active) {
      const now = new Date();
      await runAttendanceTimers(deps, { companyId: id, now }).catch(log('temporizadores falharam'));
      await enforcePauseLimits(deps, { companyId: id, now }).catch(log('limite de pausa falhou'));
    }
  };
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await cycles();
      await timers();
    } catch (err) {
      log('agenda de distribuição falhou')(err);
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
