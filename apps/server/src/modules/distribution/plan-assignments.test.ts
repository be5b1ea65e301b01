import { describe, expect, it } from 'vitest';
import { type EligibleOperator, planAssignments, type WaitingAttendance } from './plan-assignments';

const rules = { chatPerUser: 2, allowIfAnswered: true, allowIfClientNotRespond: true };
const att = (id: number, over: Partial<WaitingAttendance> = {}): WaitingAttendance => ({
  id,
  sectorId: 1,
  priority: 0,
  queuedAt: id * 1000,
  answered: false,
  busyClient: false,
  ...over,
});
const op = (id: number, over: Partial<EligibleOperator> = {}): EligibleOperator => ({
  id,
  name: `Op ${id}`,
  sectorIds: [1],
  load: 0,
  lastAssignedAt: 0,
  ...over,
});
const pairs = (plan: { attendanceId: number; operatorId: number }[]) =>
  plan.map((p) => [p.attendanceId, p.operatorId]);

describe('planAssignments', () => {
  it('never goes above chat_per_user, counting what the operator already has', () => {
    const plan = planAssignments({
      waiting: [1, 2, 3, 4, 5].map((i) => att(i)),
      operators: [op(10, { load: 1 }), op(11)],
      rules,
      now: 0,
    });
    const perOp = new Map<number, number>();
    for (const p of plan) perOp.set(p.operatorId, (perOp.get(p.operatorId) ?? 0) + 1);
    expect(perOp.get(10)).toBe(1);
    expect(perOp.get(11)).toBe(2);
    expect(plan).toHaveLength(3);
  });

  it('gives to the least loaded, then to the one idle longest (fairness)', () => {
    const plan = planAssignments({
      waiting: [att(1), att(2), att(3)],
      operators: [op(10, { lastAssignedAt: 500 }), op(11, { lastAssignedAt: 100 }), op(12, { load: 1 })],
      rules: { ...rules, chatPerUser: 3 },
      now: 1000,
    });
    // 11 idle longest, then 10, then everyone has 1: 11 again is most recent, 10 next, 12 idle since 0.
    expect(pairs(plan)).toEqual([
      [1, 11],
      [2, 10],
      [3, 12],
    ]);
  });

  it('serves the priority queue first, then the oldest waiting', () => {
    const plan = planAssignments({
      waiting: [att(1, { queuedAt: 100 }), att(2, { queuedAt: 50 }), att(3, { queuedAt: 900, priority: 1 })],
      operators: [op(10)],
      rules: { ...rules, chatPerUser: 2 },
      now: 0,
    });
    expect(plan.map((p) => p.attendanceId)).toEqual([3, 2]);
  });

  it('only to operators of the attendance sector', () => {
    const plan = planAssignments({
      waiting: [att(1, { sectorId: 2 }), att(2, { sectorId: 3 })],
      operators: [op(10, { sectorIds: [1, 2] })],
      rules,
      now: 0,
    });
    expect(pairs(plan)).toEqual([[1, 10]]);
  });

  it('honours allow_if_answered and allow_if_client_not_respond', () => {
    const waiting = [att(1, { answered: true }), att(2, { busyClient: true }), att(3)];
    const strict = planAssignments({
      waiting,
      operators: [op(10, { load: 0 })],
      rules: { chatPerUser: 5, allowIfAnswered: false, allowIfClientNotRespond: false },
      now: 0,
    });
    expect(strict.map((p) => p.attendanceId)).toEqual([3]);
    const loose = planAssignments({
      waiting,
      operators: [op(10)],
      rules: { ...rules, chatPerUser: 5 },
      now: 0,
    });
    expect(loose.map((p) => p.attendanceId)).toEqual([1, 2, 3]);
  });

  it('assigns nothing when the limit is zero or nobody is eligible', () => {
    expect(
      planAssignments({
        waiting: [att(1)],
        operators: [op(10)],
        rules: { ...rules, chatPerUser: 0 },
        now: 0,
      }),
    ).toEqual([]);
    expect(planAssignments({ waiting: [att(1)], operators: [], rules, now: 0 })).toEqual([]);
  });

  it('with 10,000 waiting and 500 operators, fills every free place once', () => {
    const waiting = Array.from({ length: 10_000 }, (_, i) => att(i + 1, { sectorId: 1 + (i % 5) }));
    const operators = Array.from({ length: 500 }, (_, i) => op(i + 1, { sectorIds: [1 + (i % 5)] }));
    const plan = planAssignments({ waiting, operators, rules: { ...rules, chatPerUser: 5 }, now: 0 });
    expect(plan).toHaveLength(2500);
    expect(new Set(plan.map((p) => p.attendanceId)).size).toBe(2500);
  });
});
