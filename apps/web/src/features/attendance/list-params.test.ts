import { describe, expect, it } from 'vitest';
import { listQueryString, readListParams, writeListParams } from './list-params';

describe('readListParams', () => {
  it('reads the spec query-string filters', () => {
    const params = readListParams(
      new URLSearchParams('status=3&kind=web&sector_id=2&contact_id=15&filter=locked&page=4'),
    );
    expect(params).toEqual({
      sector_id: 2,
      filter: 'locked',
      status: 3,
      kind: 'web',
      contact_id: 15,
      page: 4,
    });
  });

  it('ignores invalid values and falls back to the defaults', () => {
    expect(readListParams(new URLSearchParams('status=abc&kind=xx&sector_id=-1&filter=nope&page=0'))).toEqual(
      {
        sector_id: undefined,
        filter: 'all',
        status: undefined,
        kind: undefined,
        contact_id: undefined,
        page: 1,
      },
    );
  });
});

describe('writeListParams and listQueryString', () => {
  it('round-trips and leaves defaults out of the URL', () => {
    const params = readListParams(new URLSearchParams('kind=fa&contact_id=9'));
    expect(writeListParams(params).toString()).toBe('kind=fa&contact_id=9');
    expect(writeListParams({ ...params, filter: 'read', page: 2 }).toString()).toBe(
      'filter=read&kind=fa&contact_id=9&page=2',
    );
  });

  it('always sends filter and page to the API', () => {
    expect(listQueryString({ filter: 'all', page: 1 })).toBe('filter=all&page=1');
    expect(listQueryString({ filter: 'auto', page: 3, sector_id: 5 })).toBe('sector_id=5&filter=auto&page=3');
  });
});

describe('the search of the chat list', () => {
  it('keeps the search in the URL and sends it to the API, trimmed; an empty one is left out', () => {
    const params = readListParams(new URLSearchParams('q=%20Maria%20Silva%20&filter=read'));
    expect(params.q).toBe('Maria Silva');
    expect(listQueryString({ ...params, page: 1 })).toBe('filter=read&q=Maria+Silva&page=1');
    expect(readListParams(new URLSearchParams('q=%20%20')).q).toBeUndefined();
    expect(writeListParams({ filter: 'all', page: 1, q: '' }).toString()).toBe('');
  });
});

describe('the operator filter', () => {
  it('keeps operators and "Sem operador" in the URL and sends them to the API', () => {
    const params = readListParams(new URLSearchParams('operator_ids=7,3,7&unassigned=1&filter=locked'));
    expect(params.operator_ids).toEqual([7, 3]);
    expect(params.unassigned).toBe(true);
    expect(writeListParams(params).toString()).toBe('filter=locked&operator_ids=7%2C3&unassigned=1');
    expect(listQueryString({ ...params, page: 2 })).toBe(
      'filter=locked&operator_ids=7%2C3&unassigned=1&page=2',
    );
  });

  it('drops bad ids and leaves an empty filter out', () => {
    expect(readListParams(new URLSearchParams('operator_ids=a,0,-2,5,99999999999')).operator_ids).toEqual([
      5,
    ]);
    expect(readListParams(new URLSearchParams('operator_ids=x&unassigned=sim'))).toMatchObject({
      operator_ids: undefined,
      unassigned: undefined,
    });
    expect(writeListParams({ filter: 'all', page: 1, operator_ids: [], unassigned: false }).toString()).toBe(
      '',
    );
  });
});
