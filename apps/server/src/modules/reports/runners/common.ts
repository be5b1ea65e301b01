import { isoToBrDate } from '@prosa/shared/dates';
import {
  channelDisplayName,
  type TReportCell,
  type TReportFilterKey,
  type TReportTable,
  userDisplayName,
} from '@prosa/shared/reports';
import dayjs from 'dayjs';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { REPORT_PER_PAGE, type ReportCtx } from '../types';

// Small helpers the report runners share (helper C imports these too: keep their signatures stable).

/** Runs a raw query and answers its rows. */
export async function rowsOf<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const r = await db.execute<T>(query);
  return r.rows as T[];
}

/** PostgreSQL sums and counts arrive as strings (bigint/numeric): a number, 0 for null. */
export function num(v: unknown): number {
  if (v === null || v === undefined) return 0;
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
}

/** An average of seconds, rounded; null when nothing was measured. */
export function avgSeconds(sum: number, count: number): number | null {
  return count > 0 ? Math.round(sum / count) : null;
}

/** An instant as a SQL timestamptz parameter. */
export function at(d: Date): SQL {
  return sql`${d.toISOString()}::timestamptz`;
}

/**
 * The WHERE of a query over report_hourly aliased `h`: the company, the period's hours and the filters this
 * report declares (REPORTS[key].filters). A dimension that does not apply to a measure is 0, so filtering by it
 * leaves that measure out (an opening has no operator; a message has no sector).
 */
export function hourlyWhere(ctx: ReportCtx, use: readonly TReportFilterKey[], period?: SQL): SQL {
  const f = ctx.filters;
  const parts: SQL[] = [
    sql`h.company_id = ${ctx.companyId}`,
    period ?? sql`h.hour >= ${at(ctx.from)} and h.hour < ${at(ctx.to)}`,
  ];
  if (use.includes('operator') && f.operator_id) parts.push(sql`h.operator_id = ${f.operator_id}`);
  if (use.includes('channel') && f.channel_id) parts.push(sql`h.channel_id = ${f.channel_id}`);
  if (use.includes('sector') && f.sector_id) parts.push(sql`h.sector_id = ${f.sector_id}`);
  if (use.includes('status') && f.status_id) parts.push(sql`h.status_id = ${f.status_id}`);
  if (use.includes('profile') && f.profile_type !== null && f.profile_type !== undefined)
    parts.push(sql`h.operator_id in (${usersOfRole(ctx.companyId, f.profile_type)})`);
  return sql.join(parts, sql` and `);
}

/**
 * The WHERE of a query over report_daily aliased `h`: as hourlyWhere, the period as the local days
 * [from, to) (ctx.from and ctx.to are local midnights, so the days hold exactly the period's hours).
 */
export function dailyWhere(ctx: ReportCtx, use: readonly TReportFilterKey[]): SQL {
  return hourlyWhere(
    ctx,
    use,
    sql`h.day >= ${localDay(ctx.from, ctx.tz)} and h.day < ${localDay(ctx.to, ctx.tz)}`,
  );
}

/** The local calendar day of an instant in the company's timezone, as a SQL date. */
export function localDay(d: Date, tz: string): SQL {
  return sql`(${at(d)} at time zone ${tz})::date`;
}

/** The ids of the company's users of one role (the profile filter: 0 operator, 1 manager, 1000 lord). */
export function usersOfRole(companyId: number, role: number): SQL {
  return sql`select u.id from users u where u.company_id = ${companyId} and u.role = ${role}`;
}

/** 'YYYY-MM-DD' of an instant column in the company's timezone (for grouping by day). */
export function dayOf(column: SQL, tz: string): SQL {
  return sql`to_char(${column} at time zone ${tz}, 'YYYY-MM-DD')`;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export function brDay(iso: string): string {
  return isoToBrDate(iso) ?? iso;
}

/** An instant as the screens show it in the company's timezone: 'DD/MM/YYYY HH:mm:ss'; '' when absent. */
export function brDateTime(value: Date | string | null | undefined, tz: string): string {
  if (!value) return '';
  return dayjs(value).tz(tz).format('DD/MM/YYYY HH:mm:ss');
}

/** Seconds between two instants (null when one is missing). */
export function secondsBetween(
  start: Date | string | null | undefined,
  end: Date | string | null | undefined,
): number | null {
  if (!start || !end) return null;
  return Math.max(0, Math.round((new Date(end).getTime() - new Date(start).getTime()) / 1000));
}

/** The company's users by id, named with ' (Inativo)' when inactive. */
export async function userNames(db: Db, companyId: number): Promise<Map<number, string>> {
  const rows = await rowsOf<{ id: number; name: string; inactive_since: Date | null }>(
    db,
    sql`select id, name, inactive_since from users where company_id = ${companyId}`,
  );
  return new Map(rows.map((u) => [u.id, userDisplayName(u.name, u.inactive_since)]));
}

export type ChannelInfo = { name: string; kind: string; phone: string | null };

/** The company's channels (deleted ones too) by id, named with ' (Excluído)' when deleted. */
export async function channelInfos(db: Db, companyId: number): Promise<Map<number, ChannelInfo>> {
  const rows = await rowsOf<{
    id: number;
    name: string;
    kind: string;
    phone: string | null;
    deleted_at: Date | null;
  }>(
    db,
    sql`select id, name, kind, nullif(config->>'phone_number', '') as phone, deleted_at
        from channels where company_id = ${companyId}`,
  );
  return new Map(
    rows.map((c) => [c.id, { name: channelDisplayName(c.name, c.deleted_at), kind: c.kind, phone: c.phone }]),
  );
}

/** The company's sectors (deleted ones too) by id. */
export async function sectorNames(db: Db, companyId: number): Promise<Map<number, string>> {
  const rows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, name from sectors where company_id = ${companyId}`,
  );
  return new Map(rows.map((s) => [s.id, s.name]));
}

/** The company's statuses (deleted ones too) by id, with whether they count as success. */
export async function statusInfos(
  db: Db,
  companyId: number,
): Promise<Map<number, { name: string; success: boolean }>> {
  const rows = await rowsOf<{ id: number; name: string; success: boolean }>(
    db,
    sql`select id, name, success from statuses where company_id = ${companyId}`,
  );
  return new Map(rows.map((s) => [s.id, { name: s.name, success: s.success }]));
}

/** A name from a lookup, or a placeholder for an id that no longer resolves. */
export function nameOf(map: Map<number, string>, id: number, fallback = `#${id}`): string {
  return map.get(id) ?? fallback;
}

/** Page bounds of a list-like report: JSON one page of REPORT_PER_PAGE (filters.page), CSV every row. */
export function pageOf(ctx: ReportCtx): { page: number; limit: number | null; offset: number } {
  if (ctx.format === 'csv') return { page: 1, limit: null, offset: 0 };
  const page = ctx.filters.page ?? 1;
  return { page, limit: REPORT_PER_PAGE, offset: (page - 1) * REPORT_PER_PAGE };
}

/** Cuts rows built in memory to the page (JSON) and tells the total; CSV keeps them all. */
export function paged(
  ctx: ReportCtx,
  rows: Record<string, TReportCell>[],
): Pick<TReportTable, 'rows' | 'total' | 'page' | 'perPage'> {
  const { page, limit, offset } = pageOf(ctx);
  if (limit === null) return { rows, total: rows.length };
  return { rows: rows.slice(offset, offset + limit), total: rows.length, page, perPage: limit };
}

/** Sums the numeric keys of rows (a totals row); `label` goes in the first column. */
export function sumRows(
  rows: Record<string, TReportCell>[],
  keys: string[],
  first: { key: string; label: string },
): Record<string, TReportCell> {
  const totals: Record<string, TReportCell> = { [first.key]: first.label };
  for (const k of keys) totals[k] = rows.reduce((acc, r) => acc + num(r[k]), 0);
  return totals;
}
