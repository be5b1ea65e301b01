import { describe, expect, it } from 'vitest';
import {
  checkDashboardPeriod,
  dashboardSettingsOf,
  dddOfPhone,
  goalMantineColor,
  topStates,
  ufOfPhone,
} from './reports';

describe('dashboards (shared rules)', () => {
  it('reads the area code of Brazilian phones with or without 55 and masks', () => {
    expect(dddOfPhone('5511999990001')).toBe('11');
    expect(dddOfPhone('+55 (21) 3333-4444')).toBe('21');
    expect(dddOfPhone('71988887777')).toBe('71');
    expect(dddOfPhone('14155550000123')).toBeNull();
    expect(dddOfPhone('visitante-1')).toBeNull();
    expect(ufOfPhone('5561999990001')).toBe('DF');
    expect(ufOfPhone('5598999990001')).toBe('MA');
    // 20 is not an area code.
    expect(ufOfPhone('5520999990001')).toBeNull();
  });

  it('keeps the top N states and sums the rest as Outros, with their list', () => {
    expect(topStates({ SP: 5, RJ: 3, MG: 3, BA: 1, PE: 0 }, 2)).toEqual({
      rows: [
        { uf: 'SP', total: 5 },
        { uf: 'MG', total: 3 },
        { uf: 'Outros', total: 4 },
      ],
      others: 'RJ: 3, BA: 1',
    });
    expect(topStates({ SP: 1 }, 8)).toEqual({ rows: [{ uf: 'SP', total: 1 }], others: null });
  });

  it('defaults the period to today and checks its order and length', () => {
    expect(checkDashboardPeriod({}, '2026-03-10')).toEqual({
      ok: true,
      fromDate: '2026-03-10',
      toDate: '2026-03-10',
    });
    expect(checkDashboardPeriod({ fromDate: '2026-03-01' }, '2026-03-10')).toEqual({
      ok: true,
      fromDate: '2026-03-01',
      toDate: '2026-03-01',
    });
    expect(checkDashboardPeriod({ fromDate: '2026-03-02', toDate: '2026-03-01' }, '2026-03-10')).toEqual({
      ok: false,
      message: 'A data de início deve ser menor ou igual a data de fim!',
    });
    expect(checkDashboardPeriod({ fromDate: '2025-01-01', toDate: '2026-01-02' }, '2026-03-10').ok).toBe(
      false,
    );
    expect(checkDashboardPeriod({ fromDate: '2025-01-01', toDate: '2026-01-01' }, '2026-03-10').ok).toBe(
      true,
    );
  });

  it('goal colours: green from 100 %, yellow from 50 %, red below', () => {
    expect([120, 100, 99, 50, 49, 0].map(goalMantineColor)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });

  it('reads b4b.maxStates (default 8) and dashboard.team_goal from the metadata', () => {
    expect(dashboardSettingsOf({})).toEqual({ maxStates: 8, teamGoal: null });
    expect(dashboardSettingsOf({ b4b: { maxStates: 5 }, dashboard: { team_goal: 30 } })).toEqual({
      maxStates: 5,
      teamGoal: 30,
    });
    expect(dashboardSettingsOf({ b4b: { maxStates: 'x' }, dashboard: { team_goal: -1 } })).toEqual({
      maxStates: 8,
      teamGoal: null,
    });
  });
});
