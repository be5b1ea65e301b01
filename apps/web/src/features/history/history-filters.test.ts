import { HISTORY_MSG, ZHistoryFilters } from '@prosa/shared/history';
import { describe, expect, it } from 'vitest';
import {
  currentMonthRange,
  DEFAULT_PAGE_SIZE,
  defaultFormValues,
  filtersToParams,
  formToFilters,
  historyQueryString,
  paramsToSearch,
  searchToParams,
  type THistoryFormValues,
} from './history-filters';

const NOW = new Date('2026-03-15T12:00:00Z');
const TZ = 'America/Sao_Paulo';

const values = (patch: Partial<THistoryFormValues> = {}): THistoryFormValues => ({
  ...defaultFormValues(NOW, TZ),
  ...patch,
});

const firstIssue = (v: THistoryFormValues) => {
  const r = ZHistoryFilters.safeParse(formToFilters(v));
  return r.success ? null : { message: r.error.issues[0]?.message, path: r.error.issues[0]?.path.join('.') };
};

describe('currentMonthRange', () => {
  it('goes from the first to the last day of the month', () => {
    expect(currentMonthRange(NOW, TZ)).toEqual({ fromDate: '2026-03-01', toDate: '2026-03-31' });
    expect(currentMonthRange(new Date('2024-02-10T12:00:00Z'), TZ)).toEqual({
      fromDate: '2024-02-01',
      toDate: '2024-02-29',
    });
  });

  it('uses the company timezone at the turn of the month', () => {
    // 02:00 UTC on 1 April is still 31 March in São Paulo.
    expect(currentMonthRange(new Date('2026-04-01T02:00:00Z'), TZ).fromDate).toBe('2026-03-01');
  });

  it('passes the 30-day rule by itself', () => {
    expect(firstIssue(values())).toBeNull();
  });
});

describe('formToFilters', () => {
  it('leaves empty values out and turns ids into numbers', () => {
    expect(
      formToFilters(
        values({ status_id: '4', sector_id: '', number: '  ', cpf: ' 123 ', closed_by_user: '7' }),
      ),
    ).toEqual({
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
      status_id: 4,
      closed_by_user: 7,
      cpf: '123',
      only_open: false,
    });
  });
});

describe('30-day rule with the form values', () => {
  it('asks for the channel when the period passes 30 days', () => {
    expect(firstIssue(values({ fromDate: '2026-01-01' }))).toEqual({
      message: HISTORY_MSG.channelRequired,
      path: 'channelable_type',
    });
  });

  it('asks for CPF or phone once the channel is there', () => {
    expect(firstIssue(values({ fromDate: null, toDate: null, channelable_type: 'web' }))).toEqual({
      message: HISTORY_MSG.cpfOrPhoneRequired,
      path: 'cpf',
    });
  });

  it('accepts a long period with channel and phone', () => {
    expect(
      firstIssue(values({ fromDate: '2025-01-01', channelable_type: 'waweb', number: '11999' })),
    ).toBeNull();
  });
});

describe('address ↔ search', () => {
  it('an empty address is the current month, page 1, 50 rows', () => {
    expect(paramsToSearch(new URLSearchParams(), NOW, TZ)).toEqual({
      values: defaultFormValues(NOW, TZ),
      page: 1,
      count: DEFAULT_PAGE_SIZE,
    });
  });

  it('round-trips filters, page and size', () => {
    const search = {
      values: values({ status_id: '3', channelable_type: 'web', email: 'a@b.com', only_open: true }),
      page: 3,
      count: 100,
    };
    const params = searchToParams(search);
    expect(params.toString()).toBe(
      'fromDate=2026-03-01&toDate=2026-03-31&status_id=3&channelable_type=web&email=a%40b.com&only_open=true&page=3&count=100',
    );
    expect(paramsToSearch(params, NOW, TZ)).toEqual(search);
  });

  it('keeps a search without dates as such', () => {
    const search = {
      values: values({ fromDate: null, toDate: null, channelable_type: 'web', cpf: '1' }),
      page: 1,
      count: 50,
    };
    const params = searchToParams(search);
    expect(params.get('periodo')).toBe('livre');
    expect(paramsToSearch(params, NOW, TZ).values).toMatchObject({ fromDate: null, toDate: null, cpf: '1' });
  });

  it('ignores values the server would refuse', () => {
    const search = paramsToSearch(
      new URLSearchParams('fromDate=31/12/2026&channelable_type=fax&status_id=x&count=70&page=-2'),
      NOW,
      TZ,
    );
    expect(search.values).toMatchObject({ fromDate: null, channelable_type: null, status_id: null });
    expect(search.count).toBe(50);
    expect(search.page).toBe(1);
  });

  it('builds the API query with page and count, without the view-only keys', () => {
    const qs = historyQueryString({ values: values(), page: 2, count: 25 });
    expect(qs).toBe('fromDate=2026-03-01&toDate=2026-03-31&page=2&count=25');
    expect(filtersToParams(formToFilters(values({ only_open: false }))).has('only_open')).toBe(false);
  });
});
