import { describe, expect, it } from 'vitest';
import {
  matchPollAnswer,
  optionsChanged,
  optionsRecord,
  POLL_MSG,
  pollOptions,
  pollQuestionText,
  ZPollInput,
} from './polls';

const opts = (...values: string[]) =>
  Object.fromEntries(values.map((value, i) => [String(i + 1), { value }] as const));

const base = {
  name: 'Satisfação',
  question: 'Como foi o atendimento?',
  possible_answers: opts('Ótimo', 'Bom', 'Ruim'),
};

const errorOf = (input: unknown) => {
  const r = ZPollInput.safeParse(input);
  return r.success ? null : (r.error.issues[0]?.message ?? '');
};

describe('ZPollInput', () => {
  it('accepts a poll and gives its options the keys of the answer order', () => {
    const p = ZPollInput.parse(base);
    expect(p.answer_order).toBe('letters');
    expect(p.possible_answers).toEqual({
      '1': { key: 'A', value: 'Ótimo' },
      '2': { key: 'B', value: 'Bom' },
      '3': { key: 'C', value: 'Ruim' },
    });
    const n = ZPollInput.parse({ ...base, answer_order: 'numbers' });
    expect(n.possible_answers['3']).toEqual({ key: '3', value: 'Ruim' });
  });

  it('requires a name of at most 50 characters and a question of at most 255', () => {
    expect(errorOf({ ...base, name: '  ' })).toBe(POLL_MSG.nameRequired);
    expect(errorOf({ ...base, name: 'x'.repeat(51) })).toBe(POLL_MSG.nameTooLong);
    expect(errorOf({ ...base, name: 'x'.repeat(50) })).toBeNull();
    expect(errorOf({ ...base, question: '' })).toBe(POLL_MSG.questionRequired);
    expect(errorOf({ ...base, question: 'x'.repeat(256) })).toBe(POLL_MSG.questionTooLong);
  });

  it('limits the texts to 255 characters', () => {
    expect(errorOf({ ...base, texts: { correct_answer: 'x'.repeat(256) } })).toBe(POLL_MSG.correctTooLong);
    expect(errorOf({ ...base, texts: { invalid_answer: 'x'.repeat(256) } })).toBe(POLL_MSG.invalidTooLong);
    const p = ZPollInput.parse({ ...base, texts: { correct_answer: ' Valeu ', invalid_answer: '' } });
    expect(p.texts).toEqual({ correct_answer: 'Valeu', invalid_answer: null });
  });

  it('takes 2 to 15 options of at most 100 characters, keyed 1..n, none repeated', () => {
    expect(errorOf({ ...base, possible_answers: opts('Só uma') })).toBe(POLL_MSG.optionsCount);
    const fifteen = Array.from({ length: 15 }, (_, i) => `Opção ${i + 1}`);
    expect(errorOf({ ...base, possible_answers: opts(...fifteen) })).toBeNull();
    expect(
      ZPollInput.parse({ ...base, possible_answers: opts(...fifteen) }).possible_answers['15']?.key,
    ).toBe('O');
    expect(errorOf({ ...base, possible_answers: opts(...fifteen, 'Mais uma') })).toBe(POLL_MSG.optionsCount);
    expect(errorOf({ ...base, possible_answers: opts('Bom', 'x'.repeat(101)) })).toBe(POLL_MSG.optionTooLong);
    expect(errorOf({ ...base, possible_answers: opts('Bom', ' ') })).toBe(POLL_MSG.optionRequired);
    expect(errorOf({ ...base, possible_answers: { '1': { value: 'a' }, '3': { value: 'b' } } })).toBe(
      POLL_MSG.optionKeys,
    );
    expect(errorOf({ ...base, possible_answers: opts('Bom', 'bóm') })).toBe(POLL_MSG.optionDuplicate);
    expect(errorOf({ ...base, answer_order: 'roman' })).toBe(POLL_MSG.answerOrder);
  });

  it('needs an expiration time above 0 and a message unless the default one is used', () => {
    expect(errorOf({ ...base, use_expiration_time: true, time_expire: 0 })).toBe(POLL_MSG.timeExpire);
    expect(errorOf({ ...base, use_expiration_time: true })).toBe(POLL_MSG.timeExpire);
    expect(errorOf({ ...base, use_expiration_time: true, time_expire: 30 })).toBeNull();
    expect(errorOf({ ...base, use_expiration_time: true, time_expire: 30, use_default_message: false })).toBe(
      POLL_MSG.expirationRequired,
    );
    expect(
      errorOf({
        ...base,
        use_expiration_time: true,
        time_expire: 30,
        use_default_message: false,
        expiration_message: 'x'.repeat(256),
      }),
    ).toBe(POLL_MSG.expirationTooLong);
    // Not used: the time is not kept.
    expect(ZPollInput.parse({ ...base, use_expiration_time: false, time_expire: 5 }).time_expire).toBeNull();
  });

  it('refuses a bad HSM id', () => {
    expect(errorOf({ ...base, hsm_id: 0 })).toBe(POLL_MSG.hsmInvalid);
    expect(ZPollInput.parse({ ...base, hsm_id: 7 }).hsm_id).toBe(7);
  });
});

describe('answers', () => {
  const letters = pollOptions(optionsRecord('letters', ['Ótimo', 'Bom', 'Ruim']));
  const numbers = pollOptions(optionsRecord('numbers', ['Ótimo', 'Bom', 'Ruim']));

  it('reads a key, a value or the line as sent', () => {
    expect(matchPollAnswer(letters, 'a')?.value).toBe('Ótimo');
    expect(matchPollAnswer(letters, ' B) ')?.value).toBe('Bom');
    expect(matchPollAnswer(letters, 'otimo!')?.value).toBe('Ótimo');
    expect(matchPollAnswer(letters, 'C) Ruim')?.value).toBe('Ruim');
    expect(matchPollAnswer(numbers, '2')?.value).toBe('Bom');
    expect(matchPollAnswer(numbers, '3 - Ruim')?.value).toBe('Ruim');
    expect(matchPollAnswer(numbers, 'D')).toBeNull();
    expect(matchPollAnswer(letters, 'talvez')).toBeNull();
    expect(matchPollAnswer(letters, '')).toBeNull();
  });

  it('lists the options under the question', () => {
    expect(
      pollQuestionText({
        question: 'Como foi?',
        answer_order: 'letters',
        possible_answers: optionsRecord('letters', ['Ótimo', 'Ruim']),
      }),
    ).toBe('Como foi?\n\nA) Ótimo\nB) Ruim');
    expect(
      pollQuestionText({
        question: 'Nota?',
        answer_order: 'numbers',
        possible_answers: optionsRecord('numbers', ['Alta', 'Baixa']),
      }),
    ).toBe('Nota?\n\n1 - Alta\n2 - Baixa');
  });

  it('tells when options changed (count, value, type)', () => {
    const before = {
      answer_order: 'letters' as const,
      possible_answers: optionsRecord('letters', ['A1', 'B1']),
    };
    expect(optionsChanged(before, before)).toBe(false);
    expect(optionsChanged(before, { ...before, answer_order: 'numbers' })).toBe(true);
    expect(
      optionsChanged(before, { ...before, possible_answers: optionsRecord('letters', ['A1', 'B1', 'C1']) }),
    ).toBe(true);
    expect(
      optionsChanged(before, { ...before, possible_answers: optionsRecord('letters', ['A1', 'B2']) }),
    ).toBe(true);
  });
});
