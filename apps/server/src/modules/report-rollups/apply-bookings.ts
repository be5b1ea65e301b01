import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { DIMS, MEASURES, type TBooking } from './booking';

const KEY = ['company_id', 'hour', ...DIMS] as const;

/** Sums increments with the same key (the batch aggregated in memory); drops those that add nothing. */
export function aggregateBookings(list: readonly TBooking[]): TBooking[] {
  const byKey = new Map<string, TBooking>();
  for (const b of list) {
    const k = KEY.map((c) => b[c]).join('|');
    const acc = byKey.get(k) ?? ({ ...Object.fromEntries(KEY.map((c) => [c, b[c]])) } as TBooking);
    for (const m of MEASURES) if (b[m]) acc[m] = (acc[m] ?? 0) + (b[m] ?? 0);
    byKey.set(k, acc);
  }
  return [...byKey.values()].filter((b) => MEASURES.some((m) => (b[m] ?? 0) !== 0));
}

const cols = sql.raw([...KEY, ...MEASURES].join(', '));
const recordType = sql.raw(
  [
    'company_id int',
    'hour timestamptz',
    ...DIMS.map((d) => `${d} int`),
    ...MEASURES.map((m) => `${m} bigint`),
  ].join(', '),
);
const addUp = (table: string) =>
  sql.raw(MEASURES.map((m) => `${m} = ${table}.${m} + excluded.${m}`).join(', '));
const allZero = sql.raw(MEASURES.map((m) => `r.${m} = 0`).join(' and '));
const dims = sql.raw(DIMS.map((d) => `x.${d}`).join(', '));
const dailyCols = sql.raw(['company_id', 'day', ...DIMS, ...MEASURES].join(', '));
const dailySums = sql.raw(MEASURES.map((m) => `sum(x.${m})`).join(', '));

/**
 * Adds the increments to report_hourly and, summed per local day of the company, to report_daily (one
 * statement each: INSERT … ON CONFLICT adds); rows a taking-back brought to zero everywhere are removed from
 * both, so the rollups hold what a recompute would write.
 */
export async function applyBookings(tx: Tx, list: readonly TBooking[]): Promise<number> {
  const rows = aggregateBookings(list).map((b) => {
    const full: Record<string, number | string> = {};
    for (const c of KEY) full[c] = b[c];
    for (const m of MEASURES) full[m] = b[m] ?? 0;
    return full;
  });
  if (rows.length === 0) return 0;
  const json = JSON.stringify(rows);
  await tx.execute(sql`
    insert into report_hourly (${cols})
    select ${cols} from jsonb_to_recordset(${json}::jsonb) as x(${recordType})
    order by ${sql.raw(KEY.join(', '))}
    on conflict (company_id, hour, sector_id, operator_id, channel_id, status_id) do update set ${addUp('report_hourly')}`);
  await tx.execute(sql`
    insert into report_daily (${dailyCols})
    select x.company_id, (x.hour at time zone c.timezone)::date as day, ${dims}, ${dailySums}
    from jsonb_to_recordset(${json}::jsonb) as x(${recordType}) join companies c on c.id = x.company_id
    group by x.company_id, 2, ${dims}
    order by x.company_id, 2, ${dims}
    on conflict (company_id, day, sector_id, operator_id, channel_id, status_id) do update set ${addUp('report_daily')}`);
  if (list.some((b) => MEASURES.some((m) => (b[m] ?? 0) < 0))) {
    await tx.execute(sql`
      delete from report_hourly r using jsonb_to_recordset(${json}::jsonb) as x(${recordType})
      where r.company_id = x.company_id and r.hour = x.hour and r.sector_id = x.sector_id
        and r.operator_id = x.operator_id and r.channel_id = x.channel_id and r.status_id = x.status_id
        and ${allZero}`);
    await tx.execute(sql`
      delete from report_daily r using jsonb_to_recordset(${json}::jsonb) as x(${recordType}), companies c
      where c.id = x.company_id and r.company_id = x.company_id and r.day = (x.hour at time zone c.timezone)::date
        and r.sector_id = x.sector_id and r.operator_id = x.operator_id and r.channel_id = x.channel_id
        and r.status_id = x.status_id and ${allZero}`);
  }
  return rows.length;
}
