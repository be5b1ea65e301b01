import { describe, expect, it } from 'vitest';
import { operatorFilterCount, toggleOperator, visibleOperators } from './operator-filter';

const ops = [
  { id: 1, name: 'Ana Operadora', role: 0, operator_status: 'online' },
  { id: 2, name: 'Bruno Operador', role: 0, operator_status: 'offline' },
  { id: 3, name: 'Júlia Gestora', role: 1, operator_status: 'paused' },
];

describe('the operator filter', () => {
  it('searches names ignoring case and accents, the chosen operators first', () => {
    expect(visibleOperators(ops, 'JULIA', []).map((o) => o.id)).toEqual([3]);
    expect(visibleOperators(ops, ' operador', []).map((o) => o.id)).toEqual([1, 2]);
    expect(visibleOperators(ops, '', [3]).map((o) => o.id)).toEqual([3, 1, 2]);
    expect(visibleOperators(ops, 'zz', [1])).toEqual([]);
  });

  it('adds and removes operators; an empty filter is no filter', () => {
    expect(toggleOperator(undefined, 2)).toEqual([2]);
    expect(toggleOperator([2], 5)).toEqual([2, 5]);
    expect(toggleOperator([2, 5], 2)).toEqual([5]);
    expect(toggleOperator([5], 5)).toBeUndefined();
  });

  it('counts operators and "Sem operador"', () => {
    expect(operatorFilterCount({})).toBe(0);
    expect(operatorFilterCount({ operator_ids: [1, 2], unassigned: true })).toBe(3);
  });
});
