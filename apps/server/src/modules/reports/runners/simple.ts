import { channelLabel } from '@prosa/shared/channels';
import {
  floorPercent,
  REPORTS,
  type TReportCell,
  type TReportChart,
  type TReportColumn,
  type TReportTable,
} from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { channelInfos, dailyWhere, nameOf, num, rowsOf, sectorNames, statusInfos } from './common';

// The channel keys of the simple report (spec 3 §3), in its order; other kinds follow under their own key.
const KEY_ORDER = ['waweb', 'web', 'em', 'fa', 'sms', 'waent', 'smart'];
const keyOf = (kind: string) => (kind === 'smsn' ? 'sms' : kind);
// Numbers (data_by_number): the kinds whose channels are phone numbers.
const NUMBER_KINDS = new Set(['waweb', 'waent', 'sms', 'smsn']);

const COLUMNS: TReportColumn[] = [
  { key: 'channel', label: 'Canal', kind: 'text' },
  { key: 'group', label: 'Agrupamento', kind: 'text' },
  { key: 'name', label: 'Nome', kind: 'text' },
  { key: 'count', label: 'Quantidade', kind: 'int' },
  { key: 'percent', label: 'Percentual', kind: 'percent' },
];

type Entry = { name: string; count: number };

/** Adds `count` under `name` in a list (one entry per name). */
function add(list: Entry[], name: string, count: number) {
  const found = list.find((e) => e.name === name);
  if (found) found.count += count;
  else list.push({ name, count });
}

/**
 * A bar chart of entries where each one under 1 % of the total is grouped in 'Outros', whose tooltip lists
 * 'Nome: n' lines (spec 3 §4 Others bucket).
 */
export function othersChart(title: string, label: string, entries: Entry[]): TReportChart {
  const total = entries.reduce((a, e) => a + e.count, 0);
  const small = entries.filter((e) => e.count * 100 < total);
  const big = entries.filter((e) => e.count * 100 >= total);
  const data: Record<string, string | number>[] = big.map((e) => ({ name: e.name, count: e.count }));
  const chart: TReportChart = {
    title,
    type: 'bar',
    dataKey: 'name',
    series: [{ name: 'count', label }],
    data,
  };
  if (small.length > 0) {
    data.push({ name: 'Outros', count: small.reduce((a, e) => a + e.count, 0) });
    chart.details = { Outros: small.map((e) => `${e.name}: ${e.count}`).join('\n') };
  }
  return chart;
}

const byCount = (a: Entry, b: Entry) => b.count - a.count || a.name.localeCompare(b.name, 'pt-BR');

/**
 * The simple report by channel (spec 3 §3 "Simple report response", from report_daily): per channel key the
 * attendances opened by sector and closed by status (percent floored, spec 3 §9), a bar chart of each with the
 * 'Outros' bucket; contacts per channel (an attendance opened is one contact's conversation) and total; opened
 * and closed per sector; and per number (data_by_number) its quantity, sectors and statuses.
 */
export const runSimple: ReportRunner = async (ctx) => {
  const def = REPORTS.simple;
  const where = dailyWhere(ctx, def.filters);
  const opened = await rowsOf<{ channel_id: number; sector_id: number; n: string }>(
    ctx.db,
    sql`select h.channel_id, h.sector_id, sum(h.opened) as n from report_daily h
        where ${where} and h.opened > 0 group by 1, 2`,
  );
  const closed = await rowsOf<{ channel_id: number; sector_id: number; status_id: number; n: string }>(
    ctx.db,
    sql`select h.channel_id, h.sector_id, h.status_id, sum(h.closed) as n from report_daily h
        where ${where} and h.closed > 0 group by 1, 2, 3`,
  );
  const table: TReportTable = {
    title: def.title,
    columns: COLUMNS,
    rows: [],
    totals: null,
    charts: [],
    tables: [],
  };
  if (opened.length === 0 && closed.length === 0) return table;
  // One after the other: they share the report's transaction client, which runs one query at a time.
  const channels = await channelInfos(ctx.db, ctx.companyId);
  const sectors = await sectorNames(ctx.db, ctx.companyId);
  const statuses = await statusInfos(ctx.db, ctx.companyId);
  const kindOfChannel = (id: number) => keyOf(channels.get(id)?.kind ?? 'outros');
  const statusName = (id: number) => statuses.get(id)?.name ?? `#${id}`;

  const perKind = new Map<string, { sectors: Entry[]; status: Entry[] }>();
  const slot = (k: string) => {
    let s = perKind.get(k);
    if (!s) {
      s = { sectors: [], status: [] };
      perKind.set(k, s);
    }
    return s;
  };
  const perSector = new Map<number, { all: number; closed: number }>();
  const sectorSlot = (id: number) => {
    let s = perSector.get(id);
    if (!s) {
      s = { all: 0, closed: 0 };
      perSector.set(id, s);
    }
    return s;
  };
  for (const r of opened) {
    add(slot(kindOfChannel(r.channel_id)).sectors, nameOf(sectors, r.sector_id), num(r.n));
    sectorSlot(r.sector_id).all += num(r.n);
  }
  for (const r of closed) {
    add(slot(kindOfChannel(r.channel_id)).status, statusName(r.status_id), num(r.n));
    sectorSlot(r.sector_id).closed += num(r.n);
  }
  const keys = [...perKind.keys()].sort((a, b) => {
    const ia = KEY_ORDER.indexOf(a);
    const ib = KEY_ORDER.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
  });

  const contacts: Record<string, TReportCell>[] = [];
  for (const k of keys) {
    const s = slot(k);
    const label = channelLabel(k);
    const totalSectors = s.sectors.reduce((a, e) => a + e.count, 0);
    const totalStatus = s.status.reduce((a, e) => a + e.count, 0);
    for (const e of s.sectors.sort(byCount))
      table.rows.push({
        channel: label,
        group: 'Setor',
        name: e.name,
        count: e.count,
        percent: floorPercent(e.count, totalSectors),
      });
    for (const e of s.status.sort(byCount))
      table.rows.push({
        channel: label,
        group: 'Status',
        name: e.name,
        count: e.count,
        percent: floorPercent(e.count, totalStatus),
      });
    if (s.sectors.length > 0)
      table.charts?.push(othersChart(`Setores - ${label}`, 'Atendimentos', s.sectors));
    if (s.status.length > 0) table.charts?.push(othersChart(`Status - ${label}`, 'Encerrados', s.status));
    contacts.push({ channel: label, count: totalSectors });
  }
  contacts.push({ channel: 'Total', count: contacts.reduce((a, c) => a + num(c.count), 0) });

  const sectorRows = [...perSector.entries()]
    .filter(([id]) => id !== 0)
    .map(([id, s]) => ({ sector: nameOf(sectors, id), all: s.all, closed: s.closed }))
    .sort((a, b) => a.sector.localeCompare(b.sector, 'pt-BR'));

  table.tables = [
    {
      title: 'Contatos por canal',
      columns: [
        { key: 'channel', label: 'Canal', kind: 'text' },
        { key: 'count', label: 'Contatos', kind: 'int' },
      ],
      rows: contacts,
    },
    {
      title: 'Atendimentos por setor',
      columns: [
        { key: 'sector', label: 'Setor', kind: 'text' },
        { key: 'all', label: 'Total', kind: 'int' },
        { key: 'closed', label: 'Encerrados', kind: 'int' },
      ],
      rows: sectorRows,
    },
    byNumber(opened, closed, { channels, sectors, statusName }),
  ];
  return table;
};

/** data_by_number: per phone-number channel, attendances opened, by sector (opened) and by status (closed). */
function byNumber(
  opened: { channel_id: number; sector_id: number; n: string }[],
  closed: { channel_id: number; status_id: number; n: string }[],
  names: {
    channels: Awaited<ReturnType<typeof channelInfos>>;
    sectors: Map<number, string>;
    statusName: (id: number) => string;
  },
): NonNullable<TReportTable['tables']>[number] {
  const isNumber = (id: number) => NUMBER_KINDS.has(names.channels.get(id)?.kind ?? '');
  const byName = (name: (id: number) => string) => (a: number, b: number) =>
    name(a).localeCompare(name(b), 'pt-BR');
  const sectorName = (id: number) => nameOf(names.sectors, id);
  const sectorIds = [...new Set(opened.filter((r) => isNumber(r.channel_id)).map((r) => r.sector_id))].sort(
    byName(sectorName),
  );
  const statusIds = [...new Set(closed.filter((r) => isNumber(r.channel_id)).map((r) => r.status_id))].sort(
    byName(names.statusName),
  );
  const numbers = new Map<number, Record<string, TReportCell>>();
  const rowOf = (id: number) => {
    let row = numbers.get(id);
    if (!row) {
      const ch = names.channels.get(id);
      row = { phone_number: ch?.phone ?? ch?.name ?? `#${id}`, qty: 0 };
      for (const s of sectorIds) row[`sector_${s}`] = 0;
      for (const s of statusIds) row[`status_${s}`] = 0;
      numbers.set(id, row);
    }
    return row;
  };
  for (const r of opened.filter((x) => isNumber(x.channel_id))) {
    const row = rowOf(r.channel_id);
    row.qty = num(row.qty) + num(r.n);
    row[`sector_${r.sector_id}`] = num(row[`sector_${r.sector_id}`]) + num(r.n);
  }
  for (const r of closed.filter((x) => isNumber(x.channel_id))) {
    const row = rowOf(r.channel_id);
    row[`status_${r.status_id}`] = num(row[`status_${r.status_id}`]) + num(r.n);
  }
  return {
    title: 'Por número',
    columns: [
      { key: 'phone_number', label: 'Número', kind: 'text' },
      { key: 'qty', label: 'Quantidade', kind: 'int' },
      ...sectorIds.map((s) => ({
        key: `sector_${s}`,
        label: `Setor: ${nameOf(names.sectors, s)}`,
        kind: 'int' as const,
      })),
      ...statusIds.map((s) => ({
        key: `status_${s}`,
        label: `Status: ${names.statusName(s)}`,
        kind: 'int' as const,
      })),
    ],
    rows: [...numbers.values()].sort((a, b) => String(a.phone_number).localeCompare(String(b.phone_number))),
  };
}
