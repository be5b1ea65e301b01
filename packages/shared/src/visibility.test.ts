import { describe, expect, it } from 'vitest';
import { canSeeAttendance, type TTriage, viewMode } from './visibility';

const OP = 0;
const MG = 1;
const AD = 2;
const LORD = 1000;

describe('view mode for every role × triage × automatic distribution', () => {
  const cases: [number, TTriage, boolean, string][] = [
    [AD, 'BASIC', false, 'ALL'],
    [AD, 'OPERATOR', false, 'ALL'],
    [AD, 'MANAGER', false, 'ALL'],
    [AD, 'BASIC', true, 'ALL'],
    [LORD, 'MANAGER', true, 'ALL'],
    [MG, 'BASIC', false, 'ALL'],
    [MG, 'OPERATOR', false, 'ALL'],
    [MG, 'MANAGER', false, 'ALL'],
    [MG, 'OPERATOR', true, 'ALL'],
    [OP, 'BASIC', false, 'ALL'],
    [OP, 'OPERATOR', false, 'OWN_NONE'],
    [OP, 'MANAGER', false, 'OWN'],
    [OP, 'BASIC', true, 'OWN'],
    [OP, 'OPERATOR', true, 'OWN'],
    [OP, 'MANAGER', true, 'OWN'],
  ];
  for (const [role, triage, autoDist, mode] of cases) {
    it(`role ${role}, triage ${triage}, auto ${autoDist} → ${mode}`, () => {
      expect(viewMode({ role, triage, autoDist })).toBe(mode);
    });
  }
  it('defaults to BASIC when the company has no triage set', () => {
    expect(viewMode({ role: OP, triage: undefined, autoDist: false })).toBe('ALL');
  });
});

describe('canSeeAttendance', () => {
  const card = (operatorAssignedId: number | null, sectorId = 10) => ({ sectorId, operatorAssignedId });
  const op = (mode: 'ALL' | 'OWN' | 'OWN_NONE') => ({ userId: 7, role: OP, sectorIds: [10], mode });

  it('ALL sees every card of their sectors', () => {
    expect(canSeeAttendance(op('ALL'), card(null))).toBe(true);
    expect(canSeeAttendance(op('ALL'), card(8))).toBe(true);
    expect(canSeeAttendance(op('ALL'), card(7, 11))).toBe(false);
  });
  it('OWN_NONE sees own and unassigned cards', () => {
    expect(canSeeAttendance(op('OWN_NONE'), card(7))).toBe(true);
    expect(canSeeAttendance(op('OWN_NONE'), card(null))).toBe(true);
    expect(canSeeAttendance(op('OWN_NONE'), card(8))).toBe(false);
  });
  it('OWN sees only own cards', () => {
    expect(canSeeAttendance(op('OWN'), card(7))).toBe(true);
    expect(canSeeAttendance(op('OWN'), card(null))).toBe(false);
    expect(canSeeAttendance(op('OWN'), card(8))).toBe(false);
  });
  it('admins see every sector', () => {
    expect(canSeeAttendance({ userId: 1, role: AD, sectorIds: [], mode: 'ALL' }, card(8, 99))).toBe(true);
  });
});
