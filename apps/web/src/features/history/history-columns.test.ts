import { describe, expect, it } from 'vitest';
import { OPTIONAL_COLUMN_KEYS, toggleColumn, visibleColumns } from './history-columns';

describe('history columns', () => {
  it('shows every optional column when nothing was saved', () => {
    expect(visibleColumns(undefined)).toEqual(OPTIONAL_COLUMN_KEYS);
    expect(OPTIONAL_COLUMN_KEYS).toHaveLength(9);
  });

  it('keeps the saved choice in grid order and drops unknown keys', () => {
    expect(visibleColumns(['to', 'cpf', 'gone'])).toEqual(['cpf', 'to']);
    expect(visibleColumns([])).toEqual([]);
  });

  it('hides and shows one column, keeping the order', () => {
    const all = visibleColumns(undefined);
    const withoutTme = toggleColumn(all, 'tme', false);
    expect(withoutTme).not.toContain('tme');
    expect(withoutTme).toHaveLength(8);
    expect(toggleColumn(withoutTme, 'tme', true)).toEqual(all);
    expect(toggleColumn(['sector'], 'cpf', true)).toEqual(['cpf', 'sector']);
  });

  it('ignores a key that is not an optional column', () => {
    expect(toggleColumn(['cpf'], 'protocol', true)).toEqual(['cpf']);
  });
});
