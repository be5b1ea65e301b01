import { brDateToIso, formatDate, formatDateTime, isoToBrDate } from '@prosa/shared/dates';
import {
  checkReportFilters,
  currentMonth,
  formatDuration,
  type TReportCell,
  type TReportColumn,
  type TReportDef,
  type TReportLookups,
  type TReportTable,
  ZReportFilters,
} from '@prosa/shared/reports';

// The report screen's filters (spec 3 §3 Report filters, §5 Reports): pure logic, tested beside.

export type TReportFormValues = {
  fromDate: string | null;
  toDate: string | null;
  /** '' all, '0' operator, '1' manager, '1000' Lord. */
  profile: string;
  operator: string | null;
  channel: string | null;
  sector: string | null;
  status: string | null;
  /** The negotiation report's result: 'all', 'open' or an outcome. */
  negotiationStatus: string;
  phone: string;
  emails: string;
};

/** Today ('YYYY-MM-DD') on the company's clock. */
export function todayOn(tz: string, now = new Date()): string {
  return brDateToIso(formatDate(now, tz)) ?? now.toISOString().slice(0, 10);
}

/** Default: the current month, every other filter empty (all). */
export function defaultReportValues(today: string): TReportFormValues {
  const month = currentMonth(today);
  return {
    fromDate: month.fromDate,
    toDate: month.toDate,
    profile: '',
    operator: null,
    channel: null,
    sector: null,
    status: null,
    negotiationStatus: 'all',
    phone: '',
    emails: '',
  };
}

/** The query of a report: its period and only the filters it shows, empty ones omitted (spec 3 §5). */
export function reportParams(def: TReportDef, v: TReportFormValues, page?: number): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, value: string | null | undefined) => {
    const t = value?.trim();
    if (t) out[key] = t;
  };
  put('fromDate', v.fromDate);
  put('toDate', v.toDate);
  const has = (f: (typeof def.filters)[number]) => def.filters.includes(f);
  if (has('profile')) put('profile_type', v.profile);
  if (has('operator') && v.operator !== '0') put('operator_id', v.operator);
  if (has('channel')) put('channel_id', v.channel);
  if (has('sector')) put('sector_id', v.sector);
  if (has('status')) put('status_id', v.status);
  if (has('negotiation_status') && v.negotiationStatus !== 'all') put('status', v.negotiationStatus);
  if (has('phone')) put('phone', v.phone);
  if (has('emails')) put('emails', v.emails);
  if (page && page > 1) out.page = String(page);
  return out;
}

export function toQueryString(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/** The same checks as the server (start ≤ end, the report's maximum, channel, recipients): null when fine. */
export function reportProblem(def: TReportDef, v: TReportFormValues, today: string): string | null {
  const parsed = ZReportFilters.safeParse(reportParams(def, v));
  if (!parsed.success) return parsed.error.issues[0]?.message ?? null;
  const checked = checkReportFilters(def.key, parsed.data, today);
  return checked.ok ? null : checked.message;
}

/** The users the user filter offers for a profile ('' all). */
export function usersForProfile(users: TReportLookups['users'], profile: string) {
  return profile === '' ? users : users.filter((u) => String(u.role) === profile);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A cell as shown: durations HH:MM:SS, percents with two decimals and '%', dates DD/MM/YYYY (HH:mm). */
export function formatReportCell(
  column: Pick<TReportColumn, 'kind'>,
  value: TReportCell | undefined,
  tz: string,
) {
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind) {
    case 'duration':
      return typeof value === 'number' ? formatDuration(value) : String(value);
    case 'percent':
      return typeof value === 'number' ? `${value.toFixed(2).replace('.', ',')}%` : String(value);
    case 'int':
      return typeof value === 'number' ? value.toLocaleString('pt-BR') : String(value);
    case 'datetime':
      return typeof value === 'string' && ISO_INSTANT.test(value)
        ? formatDateTime(value, tz).slice(0, 16)
        : String(value);
    case 'date':
      return typeof value === 'string' && ISO_DAY.test(value) ? (isoToBrDate(value) ?? value) : String(value);
    default:
      return String(value);
  }
}

/** Pages of a paged report: only when the server says there are more rows than it sent. */
export function reportPageCount(table: Pick<TReportTable, 'total' | 'perPage' | 'rows'>): number {
  if (!table.total || !table.perPage || table.total <= table.rows.length) return 1;
  return Math.ceil(table.total / table.perPage);
}

/** Whether a report answered nothing at all (no rows, no chart data, no extra table rows). */
export function isEmptyReport(table: TReportTable): boolean {
  return (
    table.rows.length === 0 &&
    (table.tables ?? []).every((t) => t.rows.length === 0) &&
    (table.charts ?? []).every((c) => c.data.length === 0)
  );
}
