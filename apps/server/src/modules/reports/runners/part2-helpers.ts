import { formatDateTime } from '@prosa/shared/dates';
import { userDisplayName } from '@prosa/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import { REPORT_PER_PAGE, type ReportCtx } from '../types';

// Small helpers of the reports of part 2 (triggers, active, attendance flow, campaigns, control words, flows,
// opt-in, polls): paging, names and dates as the report tables show them.

/** LIMIT/OFFSET of one screen page (json), or every row (csv and background reports). */
export function pageSql(ctx: ReportCtx): SQL {
  if (ctx.format === 'csv') return sql``;
  const page = ctx.filters.page ?? 1;
  return sql`limit ${REPORT_PER_PAGE} offset ${(page - 1) * REPORT_PER_PAGE}`;
}

/** One screen page of rows computed in full (json), or all of them (csv). */
export function slicePage<T>(ctx: ReportCtx, rows: T[]): T[] {
  if (ctx.format === 'csv') return rows;
  const page = ctx.filters.page ?? 1;
  return rows.slice((page - 1) * REPORT_PER_PAGE, page * REPORT_PER_PAGE);
}

/** The paging fields of a TReportTable. */
export function pageInfo(ctx: ReportCtx, total: number) {
  return ctx.format === 'csv' ? { total } : { total, page: ctx.filters.page ?? 1, perPage: REPORT_PER_PAGE };
}

/** An instant as the report shows it, in the company's timezone ('DD/MM/YYYY HH:mm:ss'); '' when none. */
export function when(ctx: ReportCtx, value: Date | string | null | undefined): string {
  return value ? formatDateTime(value, ctx.tz) : '';
}

/** Names of the company's users by id, ' (Inativo)' after inactive ones. */
export async function userNames(ctx: ReportCtx, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const list = [...new Set([...ids].filter((i): i is number => typeof i === 'number' && i > 0))];
  if (list.length === 0) return new Map();
  const r = await ctx.db.execute<{ id: number; name: string; inactive_since: string | null }>(
    sql`select id, name, inactive_since from users
        where company_id = ${ctx.companyId} and id in (${sql.join(
          list.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  return new Map(r.rows.map((u) => [u.id, userDisplayName(u.name, u.inactive_since)]));
}

/** SQL for a channel's shown name (alias `ch`): ' (Excluído)' after a deleted one, as channelDisplayName. */
export const channelNameSql = sql`case when ch.deleted_at is null then ch.name else ch.name || ' (Excluído)' end`;

/** SQL for a user's shown name (alias given): ' (Inativo)' after an inactive one, as userDisplayName. */
export function userNameSql(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`case when ${a}.inactive_since is null then ${a}.name else ${a}.name || ' (Inativo)' end`;
}

/** The digits of a phone filter, or null when it has none. */
export function phoneDigits(phone: string | undefined): string | null {
  const d = (phone ?? '').replace(/\D/g, '');
  return d === '' ? null : d;
}

/** SQL matching a contact (alias `c`) by the end of its phone digits (as the history search does). */
export function contactPhoneSql(digits: string): SQL {
  return sql`regexp_replace(coalesce(c.data->>'telefone', c.data->>'phone', c.external_id), '\\D', '', 'g') like ${`%${digits}`}`;
}

/** The profile filter (0 operators, 1 managers, 1000 lord) and operator filter on a user alias. */
export function userFilterSql(ctx: ReportCtx, userIdCol: SQL, alias: string): SQL {
  const parts: SQL[] = [];
  if (ctx.filters.operator_id) parts.push(sql`${userIdCol} = ${ctx.filters.operator_id}`);
  if (ctx.filters.profile_type !== null && ctx.filters.profile_type !== undefined)
    parts.push(sql`${sql.raw(alias)}.role = ${ctx.filters.profile_type}`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}
