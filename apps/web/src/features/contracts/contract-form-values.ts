import type { TContract, TContractInput } from '@prosa/shared/contract';
import { brDateToIso, isoToBrDate } from '@prosa/shared/dates';

export type TRuleDraft = {
  rowKey: string;
  start_limit: number | string;
  end_limit: number | string;
  value: number | string;
};

export type TContractFormValues = {
  /** 'YYYY-MM-DD' as held by the date inputs. */
  start_date: string | null;
  due_date: string | null;
  rules: TRuleDraft[];
  number_value: number | string;
  observation: string;
  seller_id: string | null;
};

/** A number input's value: '' (empty) becomes undefined so the schema answers "Informe o valor.". */
function toNumber(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed.replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

export function formValuesFrom(contract: TContract, newKey: () => string): TContractFormValues {
  return {
    start_date: contract.start_date ? brDateToIso(contract.start_date) : null,
    due_date: contract.due_date ? brDateToIso(contract.due_date) : null,
    rules: contract.rules.map((r) => ({ rowKey: newKey(), ...r })),
    number_value: contract.number_value,
    observation: contract.observation,
    seller_id: contract.seller_id ? String(contract.seller_id) : null,
  };
}

/** What PATCH /contract receives: dates DD/MM/YYYY, money in reais. */
export function toContractInput(v: TContractFormValues) {
  return {
    start_date: isoToBrDate(v.start_date) ?? '',
    due_date: isoToBrDate(v.due_date),
    rules: v.rules.map((r) => ({
      start_limit: toNumber(r.start_limit),
      end_limit: toNumber(r.end_limit),
      value: toNumber(r.value),
    })),
    number_value: toNumber(v.number_value),
    observation: v.observation,
    seller_id: v.seller_id ? Number(v.seller_id) : null,
  } as TContractInput;
}

/** The next range after the last one: starts where it ended, ten users wide. */
export function nextRule(rules: TRuleDraft[], rowKey: string): TRuleDraft {
  const ends = rules.map((r) => toNumber(r.end_limit) ?? 0);
  const start = (ends.length ? Math.max(...ends) : 0) + 1;
  return { rowKey, start_limit: start, end_limit: start + 9, value: '' };
}
