import { describe, expect, it } from 'vitest';
import {
  computeContractCost,
  daysInMonth,
  ruleForPosition,
  type TCostContract,
  type TCostUser,
} from './contract-cost';

const RULES = [
  { start_limit: 1, end_limit: 10, value: 50 },
  { start_limit: 11, end_limit: 20, value: 40 },
];
const CONTRACT: TCostContract = { start_date: '2026-01-01', due_date: null, rules: RULES, number_value: 30 };

const user = (id: number, created_at = '2026-01-10', inactive_since: string | null = null): TCostUser => ({
  id,
  name: `Usuário ${id}`,
  created_at,
  inactive_since,
});
const users = (n: number) => Array.from({ length: n }, (_, i) => user(i + 1));

describe('contract usage cost', () => {
  it('knows the length of each month', () => {
    expect(daysInMonth('2026-06')).toBe(30);
    expect(daysInMonth('2026-07')).toBe(31);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(daysInMonth('2028-02')).toBe(29);
  });

  it('12 users with 1–10 at R$ 50,00 and 11–20 at R$ 40,00 cost 10 × 50 + 2 × 40 = R$ 580,00', () => {
    const cost = computeContractCost({ month: '2026-06', contract: CONTRACT, users: users(12), numbers: [] });
    expect(cost.days_in_month).toBe(30);
    expect(cost.users.map((l) => [l.position, l.value, l.days_used, l.amount])).toEqual([
      ...Array.from({ length: 10 }, (_, i) => [i + 1, 50, 30, 50]),
      [11, 40, 30, 40],
      [12, 40, 30, 40],
    ]);
    expect(cost.users[10]?.rule).toEqual({ start_limit: 11, end_limit: 20, value: 40 });
    expect(cost.billed_users).toBe(12);
    expect(cost.users_total).toBe(580);
    expect(cost.total).toBe(580);
  });

  it('a user created on the 16th of a 30-day month pays 15/30 of the value', () => {
    const cost = computeContractCost({
      month: '2026-06',
      contract: CONTRACT,
      users: [user(1), user(2, '2026-06-16')],
      numbers: [],
    });
    expect(cost.users[1]).toMatchObject({
      position: 2,
      from: '2026-06-16',
      to: '2026-06-30',
      days_used: 15,
      days_in_month: 30,
      value: 50,
      amount: 25,
    });
    expect(cost.total).toBe(75);
  });

  it('rounds the prorated amount to cents (16 of 31 days of R$ 40,00 = R$ 20,65)', () => {
    const contract = { ...CONTRACT, rules: [{ start_limit: 1, end_limit: 5, value: 40 }] };
    const cost = computeContractCost({
      month: '2026-07',
      contract,
      users: [user(1, '2026-07-16')],
      numbers: [],
    });
    // 40 × 16 / 31 = 20,6451…
    expect(cost.users[0]).toMatchObject({ days_used: 16, days_in_month: 31, amount: 20.65 });
  });

  it('an inactivated user pays up to the inactivation day; one inactive before the month takes no position', () => {
    const cost = computeContractCost({
      month: '2026-06',
      contract: CONTRACT,
      users: [user(1, '2025-12-01', '2026-05-20'), user(2, '2026-01-10', '2026-06-10'), user(3)],
      numbers: [],
    });
    expect(cost.users[0]).toMatchObject({ position: null, days_used: 0, amount: 0, no_rule: false });
    // 50 × 10 / 30 = 16,666… → 16,67
    expect(cost.users[1]).toMatchObject({ position: 1, from: '2026-06-01', to: '2026-06-10', amount: 16.67 });
    expect(cost.users[2]).toMatchObject({ position: 2, amount: 50 });
    expect(cost.billed_users).toBe(2);
    expect(cost.users_total).toBe(66.67);
  });

  it('a position outside every rule is flagged and billed 0', () => {
    const contract = { ...CONTRACT, rules: [{ start_limit: 1, end_limit: 2, value: 50 }] };
    const cost = computeContractCost({ month: '2026-06', contract, users: users(3), numbers: [] });
    expect(cost.users[2]).toMatchObject({ position: 3, rule: null, no_rule: true, value: 0, amount: 0 });
    expect(cost.users[2]?.days_used).toBe(30);
    expect(cost.total).toBe(100);
    expect(ruleForPosition(RULES, 21)).toBeNull();
    expect(ruleForPosition(RULES, 10)?.value).toBe(50);
  });

  it('numbers cost number_value each, prorated by their creation day', () => {
    const cost = computeContractCost({
      month: '2026-06',
      contract: CONTRACT,
      users: users(1),
      numbers: [
        { id: 1, label: '(11) 98765-4321', created_at: '2026-05-01' },
        { id: 2, label: '(11) 3333-4444', created_at: '2026-06-21' },
        { id: 3, label: 'Ainda não existia', created_at: '2026-07-02' },
      ],
    });
    expect(cost.numbers.map((n) => [n.label, n.days_used, n.amount])).toEqual([
      ['(11) 98765-4321', 30, 30],
      ['(11) 3333-4444', 10, 10],
      ['Ainda não existia', 0, 0],
    ]);
    expect(cost.numbers_total).toBe(40);
    expect(cost.users_total).toBe(50);
    expect(cost.total).toBe(90);
  });

  it('bills only the days inside the contract: start and due dates cut the month', () => {
    const contract = { ...CONTRACT, start_date: '2026-06-11', due_date: '2026-06-25' };
    const cost = computeContractCost({ month: '2026-06', contract, users: users(1), numbers: [] });
    // 11..25 = 15 days → 50 × 15 / 30 = 25
    expect(cost.users[0]).toMatchObject({ from: '2026-06-11', to: '2026-06-25', days_used: 15, amount: 25 });

    const before = computeContractCost({
      month: '2026-05',
      contract,
      users: users(1),
      numbers: [{ id: 1, label: 'n', created_at: '2026-01-01' }],
    });
    expect(before.users[0]?.days_used).toBe(0);
    expect(before.total).toBe(0);
  });

  it('a user created after the month is not billed in it', () => {
    const cost = computeContractCost({
      month: '2026-06',
      contract: CONTRACT,
      users: [user(1, '2026-07-01'), user(2)],
      numbers: [],
    });
    expect(cost.users[0]).toMatchObject({ position: null, days_used: 0 });
    expect(cost.users[1]).toMatchObject({ position: 1, amount: 50 });
  });

  it('keeps totals exact in cents with many prorated lines', () => {
    const contract = { ...CONTRACT, rules: [{ start_limit: 1, end_limit: 100, value: 33.33 }] };
    const list = Array.from({ length: 7 }, (_, i) => user(i + 1, `2026-06-0${i + 1}`));
    const cost = computeContractCost({ month: '2026-06', contract, users: list, numbers: [] });
    const sum = cost.users.reduce((s, l) => s + Math.round(l.amount * 100), 0);
    expect(Math.round(cost.users_total * 100)).toBe(sum);
    // First line: the whole month of R$ 33,33.
    expect(cost.users[0]?.amount).toBe(33.33);
    // Created on the 2nd: 29/30 × 33,33 = 32,219 → 32,22
    expect(cost.users[1]?.amount).toBe(32.22);
  });
});
