import {
  channelDisplayName,
  DDD_UF,
  dashboardSettingsOf,
  type TBusinessDashboard,
  topStates,
} from '@prosa/shared/reports';
import dayjs from 'dayjs';
import type { AppDeps, Caller } from '../../platform/deps';
import { loadStoredMetadata } from '../company-metadata/repository';
import { dashboardPeriod } from './period';
import { openedByDdd, rollupBusiness } from './repository';

/**
 * Business management (spec 3 §2): the period's cards, opened/closed per day, opened per channel, per sector,
 * and per Brazilian state from the contact's phone (top b4b.maxStates, the rest as 'Outros').
 */
export async function businessDashboard(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { fromDate?: string; toDate?: string; sector_id?: number | null; channel_id?: number | null },
): Promise<TBusinessDashboard> {
  const { period, scope } = await dashboardPeriod(deps, caller, input);
  const db = deps.db;
  const id = caller.companyId;
  const [rollup, ddds, meta] = await Promise.all([
    rollupBusiness(db, id, period, scope),
    openedByDdd(db, id, period, scope),
    loadStoredMetadata(db, id),
  ]);
  const { cards, byDay: days, byChannel: channels, bySector: sectors } = rollup;

  // Every day of the period is a bar, those without data at zero.
  const dayOf = new Map(days.map((d) => [d.day, d]));
  const byDay: Record<string, string | number>[] = [];
  for (let d = dayjs(period.fromDate); !d.isAfter(dayjs(period.toDate)); d = d.add(1, 'day')) {
    const key = d.format('YYYY-MM-DD');
    const row = dayOf.get(key);
    byDay.push({ day: d.format('DD/MM'), opened: row?.opened ?? 0, closed: row?.closed ?? 0 });
  }

  const perUf: Record<string, number> = {};
  for (const r of ddds) {
    const uf = DDD_UF[r.ddd];
    if (uf) perUf[uf] = (perUf[uf] ?? 0) + r.total;
  }
  const { maxStates } = dashboardSettingsOf(meta ?? {});
  const states = topStates(perUf, maxStates);

  return {
    period: { fromDate: period.fromDate, toDate: period.toDate },
    cards,
    byDay: {
      title: 'Atendimentos por dia',
      type: 'bar',
      dataKey: 'day',
      series: [
        { name: 'opened', label: 'Abertos', color: 'blue.6' },
        { name: 'closed', label: 'Finalizados', color: 'teal.6' },
      ],
      data: byDay,
    },
    byChannel: {
      title: 'Atendimentos por canal',
      type: 'donut',
      dataKey: 'name',
      series: [{ name: 'value', label: 'Abertos' }],
      data: channels.map((c) => ({
        name: channelDisplayName(c.name ?? `Canal ${c.id}`, c.deleted_at),
        value: c.opened,
      })),
    },
    bySector: {
      title: 'Atendimentos por setor',
      type: 'bar',
      dataKey: 'name',
      series: [
        { name: 'opened', label: 'Abertos', color: 'blue.6' },
        { name: 'closed', label: 'Finalizados', color: 'teal.6' },
      ],
      data: sectors.map((s) => ({ name: s.name ?? `Setor ${s.id}`, opened: s.opened, closed: s.closed })),
    },
    states: {
      title: 'Atendimentos por estado',
      type: 'bar',
      dataKey: 'uf',
      series: [{ name: 'total', label: 'Atendimentos', color: 'grape.6' }],
      data: states.rows,
      ...(states.others ? { details: { Outros: states.others } } : {}),
    },
  };
}
