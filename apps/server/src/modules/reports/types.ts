import type { TReportFilters, TReportKey, TReportTable } from '@prosa/shared/reports';
import type { Db } from '../../platform/db';

/** What a report runs with: the caller's company (always filter by it), its timezone and the checked filters. */
export type ReportCtx = {
  db: Db;
  companyId: number;
  userId: number;
  role: number;
  /** The company's timezone: periods are its calendar days (from 00:00 of fromDate to 24:00 of toDate). */
  tz: string;
  /** The period as instants: [from, to). */
  from: Date;
  to: Date;
  filters: TReportFilters;
  /** json: one page (`filters.page`, PER_PAGE rows) where the report pages; csv and background: every row. */
  format: 'json' | 'csv';
};

export type ReportRunner = (ctx: ReportCtx) => Promise<TReportTable>;

export type ReportCatalogue = Record<TReportKey, ReportRunner>;

/** Rows per page of the list-like reports on screen. */
export const REPORT_PER_PAGE = 50;
