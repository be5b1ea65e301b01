// Usage cost of a company's contract in one month (spec 2 §9): each user pays the value of the rule whose
// range holds their position, prorated by the days of the month they could use the product; each number
// pays number_value, prorated the same way. Pure: dates are calendar days 'YYYY-MM-DD' in the company's
// timezone, money in reais in and out, computed in whole cents so totals add up to the lines shown.

export type TCostRule = { start_limit: number; end_limit: number; value: number };

export type TCostContract = {
  /** 'YYYY-MM-DD'; nothing is billed before it. */
  start_date: string | null;
  /** 'YYYY-MM-DD'; nothing is billed after it. */
  due_date: string | null;
  rules: TCostRule[];
  number_value: number;
};

/** In order of creation (the order gives the positions). */
export type TCostUser = { id: number; name: string; created_at: string; inactive_since: string | null };
export type TCostNumber = { id: number; label: string; created_at: string };

export type TCostInput = {
  /** 'YYYY-MM' */
  month: string;
  contract: TCostContract;
  users: TCostUser[];
  numbers: TCostNumber[];
};

export type TCostUserLine = {
  user_id: number;
  name: string;
  /** 1..n among the users who used some day of the month; null for a user with no day in it. */
  position: number | null;
  rule: TCostRule | null;
  /** Used some day of the month but no rule covers the position: billed 0. */
  no_rule: boolean;
  /** Full monthly value of the rule (reais). */
  value: number;
  /** First and last billed day ('YYYY-MM-DD'), null when none. */
  from: string | null;
  to: string | null;
  days_used: number;
  days_in_month: number;
  /** value × days_used / days_in_month, rounded to cents (reais). */
  amount: number;
};

export type TCostNumberLine = {
  number_id: number;
  label: string;
  value: number;
  from: string | null;
  to: string | null;
  days_used: number;
  days_in_month: number;
  amount: number;
};

export type TContractCost = {
  month: string;
  days_in_month: number;
  users: TCostUserLine[];
  numbers: TCostNumberLine[];
  billed_users: number;
  users_total: number;
  numbers_total: number;
  total: number;
};

const DAY_MS = 86_400_000;
const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isMonth(value: string): boolean {
  return MONTH_RE.test(value);
}

/** Days since the epoch of a calendar date 'YYYY-MM-DD' (or a longer ISO string: its date part). */
function dayNumber(date: string): number {
  const m = DATE_RE.exec(date.slice(0, 10));
  if (!m) throw new Error(`data inválida: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function daysInMonth(month: string): number {
  const m = MONTH_RE.exec(month);
  if (!m) throw new Error(`mês inválido: ${month}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
}

const toCents = (reais: number) => Math.round(reais * 100);
const toReais = (cents: number) => cents / 100;

/** The days of the month inside [created, inactive] and inside the contract's [start, due], both inclusive. */
function usage(
  monthStart: number,
  monthEnd: number,
  contract: TCostContract,
  since: string,
  until: string | null,
): { from: number; to: number; days: number } {
  const lower = [monthStart, dayNumber(since)];
  if (contract.start_date) lower.push(dayNumber(contract.start_date));
  const upper = [monthEnd];
  if (until) upper.push(dayNumber(until));
  if (contract.due_date) upper.push(dayNumber(contract.due_date));
  const from = Math.max(...lower);
  const to = Math.min(...upper);
  return { from, to, days: to >= from ? to - from + 1 : 0 };
}

const prorate = (valueCents: number, days: number, dim: number) => Math.round((valueCents * days) / dim);

export function ruleForPosition(rules: TCostRule[], position: number): TCostRule | null {
  return rules.find((r) => position >= r.start_limit && position <= r.end_limit) ?? null;
}

export function computeContractCost(input: TCostInput): TContractCost {
  const dim = daysInMonth(input.month);
  const monthStart = dayNumber(`${input.month}-01`);
  const monthEnd = monthStart + dim - 1;
  const { contract } = input;

  // Positions count only the users who used the month: someone inactivated years ago does not push
  // today's users into a more expensive range.
  let position = 0;
  let usersCents = 0;
  const users = input.users.map((u): TCostUserLine => {
    const use = usage(monthStart, monthEnd, contract, u.created_at, u.inactive_since);
    if (use.days === 0) {
      return {
        user_id: u.id,
        name: u.name,
        position: null,
        rule: null,
        no_rule: false,
        value: 0,
        from: null,
        to: null,
        days_used: 0,
        days_in_month: dim,
        amount: 0,
      };
    }
    position += 1;
    const rule = ruleForPosition(contract.rules, position);
    const valueCents = rule ? toCents(rule.value) : 0;
    const amountCents = prorate(valueCents, use.days, dim);
    usersCents += amountCents;
    return {
      user_id: u.id,
      name: u.name,
      position,
      rule,
      no_rule: rule === null,
      value: toReais(valueCents),
      from: dateOf(use.from),
      to: dateOf(use.to),
      days_used: use.days,
      days_in_month: dim,
      amount: toReais(amountCents),
    };
  });

  const numberCents = toCents(contract.number_value);
  let numbersCents = 0;
  const numbers = input.numbers.map((n): TCostNumberLine => {
    const use = usage(monthStart, monthEnd, contract, n.created_at, null);
    const amountCents = prorate(numberCents, use.days, dim);
    numbersCents += amountCents;
    return {
      number_id: n.id,
      label: n.label,
      value: toReais(numberCents),
      from: use.days > 0 ? dateOf(use.from) : null,
      to: use.days > 0 ? dateOf(use.to) : null,
      days_used: use.days,
      days_in_month: dim,
      amount: toReais(amountCents),
    };
  });

  return {
    month: input.month,
    days_in_month: dim,
    users,
    numbers,
    billed_users: position,
    users_total: toReais(usersCents),
    numbers_total: toReais(numbersCents),
    total: toReais(usersCents + numbersCents),
  };
}
