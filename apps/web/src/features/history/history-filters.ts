import { CHANNEL_KINDS, type TChannelKind } from '@prosa/shared/channels';
import { HISTORY_PAGE_SIZES } from '@prosa/shared/history';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The filter panel's values: dates as YYYY-MM-DD (the DatePickerInput value), selects as id strings. */
export type THistoryFormValues = {
  fromDate: string | null;
  toDate: string | null;
  status_id: string | null;
  number: string;
  cpf: string;
  sector_id: string | null;
  closed_by_user: string | null;
  channelable_type: string | null;
  email: string;
  contract: string;
  emails: string;
  only_open: boolean;
};

/** What the server's filters receive (ZHistoryFilters input): empty values left out. */
export type THistoryFilterInput = {
  fromDate?: string;
  toDate?: string;
  status_id?: number;
  number?: string;
  cpf?: string;
  sector_id?: number;
  closed_by_user?: number;
  channelable_type?: string;
  email?: string;
  contract?: string;
  /** Comma-separated addresses (the server splits them). */
  emails?: string;
  only_open: boolean;
};

/** The applied search: filters, page and page size, as kept in the address (/history?fromDate=…). */
export type THistorySearch = { values: THistoryFormValues; page: number; count: number };

export const DEFAULT_PAGE_SIZE = 50;
const FILTER_KEYS = [
  'fromDate',
  'toDate',
  'status_id',
  'number',
  'cpf',
  'sector_id',
  'closed_by_user',
  'channelable_type',
  'email',
  'contract',
  'emails',
  'only_open',
] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** First and last day of the current month in the company's timezone (spec 2 §9: default range). */
export function currentMonthRange(now: Date = new Date(), tz?: string): { fromDate: string; toDate: string } {
  const today = tz ? dayjs(now).tz(tz) : dayjs(now);
  return {
    fromDate: today.startOf('month').format('YYYY-MM-DD'),
    toDate: today.endOf('month').format('YYYY-MM-DD'),
  };
}

export function defaultFormValues(now: Date = new Date(), tz?: string): THistoryFormValues {
  return {
    ...currentMonthRange(now, tz),
    status_id: null,
    number: '',
    cpf: '',
    sector_id: null,
    closed_by_user: null,
    channelable_type: null,
    email: '',
    contract: '',
    emails: '',
    only_open: false,
  };
}

const idOrUndefined = (value: string | null) => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
};
const textOrUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** Form values → filters for ZHistoryFilters and the query string. */
export function formToFilters(values: THistoryFormValues): THistoryFilterInput {
  const filters: THistoryFilterInput = { only_open: values.only_open };
  if (values.fromDate) filters.fromDate = values.fromDate;
  if (values.toDate) filters.toDate = values.toDate;
  const status = idOrUndefined(values.status_id);
  if (status !== undefined) filters.status_id = status;
  const sector = idOrUndefined(values.sector_id);
  if (sector !== undefined) filters.sector_id = sector;
  const closedBy = idOrUndefined(values.closed_by_user);
  if (closedBy !== undefined) filters.closed_by_user = closedBy;
  const number = textOrUndefined(values.number);
  if (number) filters.number = number;
  const cpf = textOrUndefined(values.cpf);
  if (cpf) filters.cpf = cpf;
  const email = textOrUndefined(values.email);
  if (email) filters.email = email;
  const contract = textOrUndefined(values.contract);
  if (contract) filters.contract = contract;
  const emails = textOrUndefined(values.emails);
  if (emails) filters.emails = emails;
  if (values.channelable_type) filters.channelable_type = values.channelable_type;
  return filters;
}

/** Filters as the query string of GET /api/history and /api/history/export (empty ones left out). */
export function filtersToParams(filters: THistoryFilterInput): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (key === 'only_open') {
      if (value === true) params.set(key, 'true');
    } else if (value !== undefined && value !== '') {
      params.set(key, String(value));
    }
  }
  return params;
}

/** The applied search → the page's address. Page 1 and the default size are left out. */
export function searchToParams(search: THistorySearch): URLSearchParams {
  const params = filtersToParams(formToFilters(search.values));
  // Without dates the address must still say so, or a reload would fall back to the current month.
  if (!params.has('fromDate') && !params.has('toDate')) params.set('periodo', 'livre');
  if (search.page > 1) params.set('page', String(search.page));
  if (search.count !== DEFAULT_PAGE_SIZE) params.set('count', String(search.count));
  return params;
}

const isChannel = (v: string): v is TChannelKind => (CHANNEL_KINDS as readonly string[]).includes(v);
const validDate = (v: string | null) => (v && ISO_DATE.test(v) && dayjs(v).isValid() ? v : null);
const validId = (v: string | null) => (v && /^\d+$/.test(v) ? v : null);

/** The page's address → the applied search; an address without filters is the default (current month). */
export function paramsToSearch(params: URLSearchParams, now: Date = new Date(), tz?: string): THistorySearch {
  const count = Number(params.get('count'));
  const page = Number(params.get('page'));
  const hasFilters = params.has('periodo') || FILTER_KEYS.some((k) => params.has(k));
  const defaults = defaultFormValues(now, tz);
  const channel = params.get('channelable_type');
  const values: THistoryFormValues = hasFilters
    ? {
        fromDate: validDate(params.get('fromDate')),
        toDate: validDate(params.get('toDate')),
        status_id: validId(params.get('status_id')),
        number: params.get('number') ?? '',
        cpf: params.get('cpf') ?? '',
        sector_id: validId(params.get('sector_id')),
        closed_by_user: validId(params.get('closed_by_user')),
        channelable_type: channel && isChannel(channel) ? channel : null,
        email: params.get('email') ?? '',
        contract: params.get('contract') ?? '',
        emails: params.get('emails') ?? '',
        only_open: params.get('only_open') === 'true',
      }
    : defaults;
  return {
    values,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    count: (HISTORY_PAGE_SIZES as readonly number[]).includes(count) ? count : DEFAULT_PAGE_SIZE,
  };
}

/** Query string of GET /api/history for a search. */
export function historyQueryString(search: THistorySearch): string {
  const params = filtersToParams(formToFilters(search.values));
  params.set('page', String(search.page));
  params.set('count', String(search.count));
  return params.toString();
}
