import { startOfDayIn } from '@prosa/shared/dates';
import {
  checkReportFilters,
  periodDays,
  REPORT_MSG,
  REPORTS,
  type TReportFilters,
  type TReportFiltersParsed,
  type TReportKey,
  type TReportTable,
} from '@prosa/shared/reports';
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { companyMetadataOf } from '../company-metadata/get-metadata';
import { REPORT_RUNNERS } from './catalogue';
import type { ReportCtx, ReportRunner } from './types';

/** The report took too long, or its period is above the company's background threshold: offer the background. */
export const REPORT_TIMEOUT_CODE = 'report_timeout';

export async function companyTimezone(db: Db, companyId: number): Promise<string> {
  const r = await db.execute<{ timezone: string }>(
    sql`select timezone from companies where id = ${companyId}`,
  );
  return r.rows[0]?.timezone ?? 'America/Sao_Paulo';
}

/** Today in a timezone, 'YYYY-MM-DD'. */
export function todayIn(tz: string, now = new Date()): string {
  return dayjs(now).tz(tz).format('YYYY-MM-DD');
}

/**
 * Checks a report's filters and the company's switches (pause control for the session report, control words),
 * and builds what the runner needs. Throws the spec's message as a 400.
 */
export async function reportContext(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  key: TReportKey,
  parsed: TReportFiltersParsed,
  format: ReportCtx['format'],
): Promise<ReportCtx> {
  const tz = await companyTimezone(deps.db, caller.companyId);
  const checked = checkReportFilters(key, parsed, todayIn(tz));
  if (!checked.ok) throw badRequest(checked.message);
  const meta = await companyMetadataOf(deps.db, caller.companyId);
  if (key === 'session-control' && !meta.control_pause.is_active)
    throw badRequest(REPORT_MSG.controlPauseOff);
  if (key === 'control-words' && !meta.allow.controlwords) throw badRequest(REPORT_MSG.controlWordsOff);
  await assertOwnIds(deps.db, caller.companyId, checked.filters);
  const { fromDate, toDate } = checked.filters;
  return {
    db: deps.db,
    companyId: caller.companyId,
    userId: caller.userId,
    role: caller.role,
    tz,
    from: startOfDayIn(fromDate, tz),
    to: startOfDayIn(dayjs(toDate).add(1, 'day').format('YYYY-MM-DD'), tz),
    filters: checked.filters,
    format,
  };
}

/** A filter naming a user, channel, sector or status of another company (or none) answers 404. */
async function assertOwnIds(db: Db, companyId: number, f: TReportFilters) {
  const checks: [number | null | undefined, string][] = [
    [f.operator_id, 'users'],
    [f.channel_id, 'channels'],
    [f.sector_id, 'sectors'],
    [f.status_id, 'statuses'],
  ];
  for (const [id, table] of checks) {
    if (!id) continue;
    const r = await db.execute<{ ok: boolean }>(
      sql`select exists (select 1 from ${sql.identifier(table)} where company_id = ${companyId} and id = ${id}) as ok`,
    );
    if (r.rows[0]?.ok !== true) throw notFound();
  }
}

/** Whether this report's period is above the company's background threshold (reports settings). */
export async function goesToBackground(deps: Pick<AppDeps, 'db'>, ctx: ReportCtx, key: TReportKey) {
  const setting = REPORTS[key].periodSetting;
  if (!setting) return false;
  const meta = await companyMetadataOf(deps.db, ctx.companyId);
  if (!meta.allow.background_reports) return false;
  const limit = meta.reports[setting]?.period;
  return typeof limit === 'number' && periodDays(ctx.filters.fromDate, ctx.filters.toDate) > limit;
}

function isStatementTimeout(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    if ((e as { code?: string }).code === '57014') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a report inside one read-only transaction with a statement time-out: past it the caller is told to send
 * it to the background (REPORT_TIMEOUT_CODE, 408). `timeoutMs` null: no limit (background reports).
 */
export async function runReport(
  key: TReportKey,
  ctx: ReportCtx,
  timeoutMs: number | null,
  // Another runner for this key (tests: a query that outlasts the time-out).
  runner: ReportRunner = REPORT_RUNNERS[key],
): Promise<TReportTable> {
  try {
    return await ctx.db.transaction(
      async (tx) => {
        if (timeoutMs !== null)
          await tx.execute(sql.raw(`set local statement_timeout = ${Math.round(timeoutMs)}`));
        return runner({ ...ctx, db: tx as unknown as Db });
      },
      { accessMode: 'read only' },
    );
  } catch (err) {
    if (isStatementTimeout(err))
      throw new AppError(REPORT_TIMEOUT_CODE, REPORT_MSG.timeout, 408, { reason: 'timeout' });
    throw err;
  }
}
