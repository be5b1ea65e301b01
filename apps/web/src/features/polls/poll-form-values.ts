import {
  pollOptionKey,
  pollOptions,
  type TPoll,
  type TPollAnswerOrder,
  type TPollInput,
} from '@prosa/shared/polls';

// The poll form's values ↔ the API body (spec 3 §3): options as a list (keys follow the answer order), minutes as
// text in the number field, '' for "no HSM".

export type TPollFormValues = {
  name: string;
  question: string;
  correct_answer: string;
  invalid_answer: string;
  answer_order: TPollAnswerOrder;
  options: string[];
  use_expiration_time: boolean;
  time_expire: number | string;
  use_default_message: boolean;
  expiration_message: string;
  hsm_id: string;
};

export function pollFormValues(poll: TPoll | null): TPollFormValues {
  return {
    name: poll?.name ?? '',
    question: poll?.question ?? '',
    correct_answer: poll?.texts.correct_answer ?? '',
    invalid_answer: poll?.texts.invalid_answer ?? '',
    answer_order: poll?.answer_order ?? 'letters',
    options: poll ? pollOptions(poll.possible_answers).map((o) => o.value) : ['', ''],
    use_expiration_time: poll?.use_expiration_time ?? false,
    time_expire: poll?.time_expire ?? '',
    use_default_message: poll?.use_default_message ?? true,
    expiration_message: poll?.expiration_message ?? '',
    hsm_id: poll?.hsm_id ? String(poll.hsm_id) : '',
  };
}

export function toPollInput(v: TPollFormValues): TPollInput {
  const minutes = typeof v.time_expire === 'number' ? v.time_expire : Number(v.time_expire || Number.NaN);
  return {
    name: v.name,
    question: v.question,
    texts: { correct_answer: v.correct_answer, invalid_answer: v.invalid_answer },
    answer_order: v.answer_order,
    possible_answers: Object.fromEntries(
      v.options.map((value, i) => [String(i + 1), { key: pollOptionKey(v.answer_order, i), value }] as const),
    ),
    use_expiration_time: v.use_expiration_time,
    time_expire: v.use_expiration_time ? (Number.isFinite(minutes) ? minutes : null) : null,
    use_default_message: v.use_default_message,
    expiration_message: v.expiration_message,
    hsm_id: v.hsm_id ? Number(v.hsm_id) : null,
  };
}

/** A form error of the options (the schema reports them on possible_answers). */
export const optionsError = (errors: Record<string, unknown>) => {
  const e =
    errors.possible_answers ?? Object.entries(errors).find(([k]) => k.startsWith('possible_answers'))?.[1];
  return typeof e === 'string' ? e : null;
};
