import { ZContractInput } from '@prosa/shared/contract';
import { describe, expect, it } from 'vitest';
import { formValuesFrom, nextRule, toContractInput } from './contract-form-values';

const key = () => 'k';

describe('contract form values', () => {
  it('round-trips a saved contract through the form', () => {
    const values = formValuesFrom(
      {
        saved: true,
        start_date: '01/02/2026',
        due_date: null,
        rules: [{ start_limit: 1, end_limit: 10, value: 49.9 }],
        number_value: 25,
        observation: 'x',
        seller_id: 2,
        seller_name: 'Diego',
      },
      key,
    );
    expect(values.start_date).toBe('2026-02-01');
    expect(values.seller_id).toBe('2');
    expect(toContractInput(values)).toEqual({
      start_date: '01/02/2026',
      due_date: null,
      rules: [{ start_limit: 1, end_limit: 10, value: 49.9 }],
      number_value: 25,
      observation: 'x',
      seller_id: 2,
    });
  });

  it('an empty value or start date is reported with the schema texts', () => {
    const input = toContractInput({
      start_date: null,
      due_date: null,
      rules: [{ rowKey: 'a', start_limit: 1, end_limit: 5, value: '' }],
      number_value: 0,
      observation: '',
      seller_id: null,
    });
    const messages = ZContractInput.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual(expect.arrayContaining([['rules.0.value', 'Informe o valor.']]));
    const noStart = ZContractInput.safeParse({ ...input, rules: [] }).error?.issues[0];
    expect([noStart?.path.join('.'), noStart?.message]).toEqual([
      'start_date',
      'Informe uma data de início válida (DD/MM/AAAA).',
    ]);
  });

  it('proposes the next range after the last one', () => {
    expect(nextRule([], 'a')).toMatchObject({ start_limit: 1, end_limit: 10 });
    expect(nextRule([{ rowKey: 'b', start_limit: 1, end_limit: 10, value: 50 }], 'a')).toMatchObject({
      start_limit: 11,
      end_limit: 20,
    });
  });
});
