import type { TMonitoringDashboard } from '@prosa/shared/reports';
import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { distributionMonitor } from '../distribution/monitor';
import { dashboardPeriod } from './period';
import { liveByHour, operatorSectors } from './repository';

/**
 * Distribution monitoring (spec 3 §2, real time): the queue's dashboard counters and the operator counters of
 * the distribution monitor, the operator counters per sector, and today's opened / closed per hour.
 */
export async function monitoringDashboard(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
): Promise<TMonitoringDashboard> {
  const { period } = await dashboardPeriod(deps, caller, {});
  const [monitor, memberships, hours] = await Promise.all([
    distributionMonitor(deps, caller),
    operatorSectors(deps.db, caller.companyId),
    liveByHour(deps.db, caller.companyId, period),
  ]);
  const operatorOf = new Map(
    monitor.operators.filter((o) => o.role === ROLE.operator).map((o) => [o.userId, o]),
  );
  const sectors = new Map<number, TMonitoringDashboard['sectors'][number]>();
  for (const m of memberships) {
    const op = operatorOf.get(m.user_id);
    if (!op) continue;
    const s = sectors.get(m.sector_id) ?? {
      sectorId: m.sector_id,
      name: m.name,
      online: 0,
      offline: 0,
      paused: 0,
      full: 0,
      total: 0,
    };
    s[op.status] += 1;
    if (op.full) s.full += 1;
    s.total += op.total;
    sectors.set(m.sector_id, s);
  }
  const hourOf = new Map(hours.map((h) => [h.h, h]));
  return {
    counters: monitor.counters,
    operators: monitor.totals,
    sectors: [...sectors.values()],
    byHour: {
      title: 'Atendimentos de hoje por hora',
      type: 'bar',
      dataKey: 'hour',
      series: [
        { name: 'opened', label: 'Abertos', color: 'blue.6' },
        { name: 'closed', label: 'Finalizados', color: 'teal.6' },
      ],
      data: Array.from({ length: 24 }, (_, h) => ({
        hour: `${String(h).padStart(2, '0')}h`,
        opened: hourOf.get(h)?.opened ?? 0,
        closed: hourOf.get(h)?.closed ?? 0,
      })),
    },
  };
}
