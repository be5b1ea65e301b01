import { POLL_MSG, ZPollInput } from '@prosa/shared/polls';
import { describe, expect, it } from 'vitest';
import { pollFormValues, toPollInput } from './poll-form-values';

describe('formulário de pesquisa', () => {
  it('starts with two empty options and sends the options keyed by the answer order', () => {
    const v = pollFormValues(null);
    expect(v.options).toEqual(['', '']);
    const body = toPollInput({
      ...v,
      name: 'NPS',
      question: 'Nota?',
      answer_order: 'numbers',
      options: ['Alta', 'Baixa'],
    });
    expect(body.possible_answers).toEqual({
      '1': { key: '1', value: 'Alta' },
      '2': { key: '2', value: 'Baixa' },
    });
    expect(body.hsm_id).toBeNull();
    expect(ZPollInput.safeParse(body).success).toBe(true);
  });

  it('sends the expiration only when used, and the schema then asks for the time', () => {
    const v = { ...pollFormValues(null), name: 'N', question: 'Q', options: ['a', 'b'] };
    expect(toPollInput({ ...v, time_expire: 30 }).time_expire).toBeNull();
    const used = toPollInput({ ...v, use_expiration_time: true, time_expire: '' });
    expect(ZPollInput.safeParse(used).error?.issues[0]?.message).toBe(POLL_MSG.timeExpire);
  });

  it('reads a saved poll back', () => {
    const v = pollFormValues({
      id: 1,
      name: 'Satisfação',
      question: 'Como foi?',
      texts: { correct_answer: 'Valeu', invalid_answer: null },
      possible_answers: { '2': { key: 'B', value: 'Ruim' }, '1': { key: 'A', value: 'Bom' } },
      answer_order: 'letters',
      use_expiration_time: true,
      time_expire: 15,
      use_default_message: false,
      expiration_message: 'Expirou',
      hsm_id: 3,
      answers_count: 0,
      created_at: '2026-01-01T00:00:00Z',
      deleted_at: null,
    });
    expect(v).toMatchObject({ options: ['Bom', 'Ruim'], time_expire: 15, hsm_id: '3', invalid_answer: '' });
  });
});
