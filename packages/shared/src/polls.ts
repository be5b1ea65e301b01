import { zId } from './ids';
import { z } from './zod';

// Satisfaction polls (spec 3 §3 Poll, §5 Polls, §9; spec 1 §5 "Status with a poll"; issue 17): the contract, the
// pure rules (option keys, the question as sent, reading an answer) and the Portuguese texts.

export const POLL_LIMITS = {
  name: 50,
  question: 255,
  text: 255,
  option: 100,
  minOptions: 2,
  maxOptions: 15,
  /** Minutes: 30 days at most (an int4 column, and a poll nobody answers for a month is over). */
  maxExpireMinutes: 43_200,
} as const;

export const POLL_MSG = {
  nameRequired: 'Informe o nome da pesquisa.',
  nameTooLong: `O nome da pesquisa deve ter no máximo ${POLL_LIMITS.name} caracteres.`,
  questionRequired: 'Informe a pergunta da pesquisa.',
  questionTooLong: `A pergunta deve ter no máximo ${POLL_LIMITS.question} caracteres.`,
  correctTooLong: `A mensagem de resposta correta deve ter no máximo ${POLL_LIMITS.text} caracteres.`,
  invalidTooLong: `A mensagem de resposta inválida deve ter no máximo ${POLL_LIMITS.text} caracteres.`,
  optionsCount: `A pesquisa deve ter de ${POLL_LIMITS.minOptions} a ${POLL_LIMITS.maxOptions} opções de resposta.`,
  optionRequired: 'Informe o texto de todas as opções de resposta.',
  optionTooLong: `Cada opção de resposta deve ter no máximo ${POLL_LIMITS.option} caracteres.`,
  optionKeys: 'As opções de resposta devem ser numeradas de 1 em diante, sem falhas.',
  optionDuplicate: 'As opções de resposta não podem se repetir.',
  answerOrder: 'Tipo de opção inválido: escolha letras (A–O) ou números.',
  timeExpire: 'O tempo de expiração deve ser maior que 0.',
  timeExpireTooLong: `O tempo de expiração deve ser de no máximo ${POLL_LIMITS.maxExpireMinutes} minutos.`,
  expirationRequired: 'Informe a mensagem de expiração ou use a mensagem padrão.',
  expirationTooLong: `A mensagem de expiração deve ter no máximo ${POLL_LIMITS.text} caracteres.`,
  hsmInvalid: 'Selecione um modelo (HSM) marcado para uso em pesquisas.',
  notFound: 'Pesquisa não encontrada.',
  created: 'Pesquisa criada com sucesso!',
  updated: 'Pesquisa alterada com sucesso!',
  deleted: 'Pesquisa excluída com sucesso!',
  lockedOptions:
    'Esta pesquisa já possui respostas: não é possível adicionar ou remover opções, nem alterar o texto e o tipo das opções.',
  loadError: 'Não foi possível carregar as pesquisas.',
  saveError: 'Não foi possível salvar a pesquisa.',
  deleteError: 'Não foi possível excluir a pesquisa.',
  reportError: 'Não foi possível carregar o relatório de pesquisas.',
  invalidRange: 'A data final deve ser igual ou posterior à data inicial.',
  rangeTooLong: 'O período do relatório deve ser de no máximo 366 dias.',
  statusPollInvalid: 'Pesquisa não encontrada.',
  statusPollNotFinalization: 'Somente status de finalização podem enviar pesquisa.',
  /** The operator's answer when the finalization sent a poll (spec 1 §5). */
  sent: 'Pesquisa de satisfação enviada ao cliente.',
  sentWaiting: 'Pesquisa de satisfação enviada: o atendimento será finalizado quando o cliente responder.',
  /** Sent to the customer (spec 1 §9 success text). */
  thanks: 'Obrigado por responder nossa pesquisa!',
  invalidAnswer: 'Resposta inválida. Responda com uma das opções.',
  expired: 'O tempo para responder a pesquisa expirou. Obrigado!',
} as const;

export const POLL_ANSWER_ORDERS = ['letters', 'numbers'] as const;
export type TPollAnswerOrder = (typeof POLL_ANSWER_ORDERS)[number];
export const POLL_ANSWER_ORDER_LABEL: Record<TPollAnswerOrder, string> = {
  letters: 'Letras (A, B, C…)',
  numbers: 'Números (1, 2, 3…)',
};

/** The key of the option at `index` (0-based): A…O or 1…15. */
export function pollOptionKey(order: TPollAnswerOrder, index: number): string {
  return order === 'letters' ? String.fromCharCode(65 + index) : String(index + 1);
}

const trimmed = (max: number, tooLong: string, required?: string) => {
  const base = z.string({ error: required ?? tooLong }).trim();
  return (required ? base.min(1, { error: required }) : base).max(max, { error: tooLong });
};

const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((t) => (t ? t : null));

const ZOption = z.object({
  key: z.string().max(4).optional(),
  value: trimmed(POLL_LIMITS.option, POLL_MSG.optionTooLong, POLL_MSG.optionRequired),
});

export type TPollOption = { key: string; value: string };

/**
 * A poll as written by the screen (spec 3 §3): possible_answers keyed "1".."n" (2 to 15); each option's key is
 * the answer order's (A…O or 1…n) whatever the input says; expiration in minutes above 0 when used, with the
 * expiration message unless the default one is used.
 */
export const ZPollInput = z
  .object({
    name: trimmed(POLL_LIMITS.name, POLL_MSG.nameTooLong, POLL_MSG.nameRequired),
    question: trimmed(POLL_LIMITS.question, POLL_MSG.questionTooLong, POLL_MSG.questionRequired),
    texts: z
      .object({
        correct_answer: optionalText(POLL_LIMITS.text, POLL_MSG.correctTooLong),
        invalid_answer: optionalText(POLL_LIMITS.text, POLL_MSG.invalidTooLong),
      })
      .default({ correct_answer: null, invalid_answer: null }),
    possible_answers: z.record(z.string().max(4), ZOption, { error: POLL_MSG.optionsCount }),
    answer_order: z.enum(POLL_ANSWER_ORDERS, { error: POLL_MSG.answerOrder }).default('letters'),
    use_expiration_time: z.boolean().default(false),
    time_expire: z
      .number({ error: POLL_MSG.timeExpire })
      .int({ error: POLL_MSG.timeExpire })
      .max(POLL_LIMITS.maxExpireMinutes, { error: POLL_MSG.timeExpireTooLong })
      .nullish()
      .transform((n) => n ?? null),
    use_default_message: z.boolean().default(true),
    expiration_message: optionalText(POLL_LIMITS.text, POLL_MSG.expirationTooLong),
    hsm_id: zId(POLL_MSG.hsmInvalid)
      .nullish()
      .transform((n) => n ?? null),
  })
  .superRefine((p, ctx) => {
    const keys = Object.keys(p.possible_answers);
    if (keys.length < POLL_LIMITS.minOptions || keys.length > POLL_LIMITS.maxOptions) {
      ctx.addIssue({ code: 'custom', message: POLL_MSG.optionsCount, path: ['possible_answers'] });
      return;
    }
    const expected = keys.map((_, i) => String(i + 1));
    if ([...keys].sort((a, b) => Number(a) - Number(b)).some((k, i) => k !== expected[i]))
      ctx.addIssue({ code: 'custom', message: POLL_MSG.optionKeys, path: ['possible_answers'] });
    const values = Object.values(p.possible_answers).map((o) => normalizeAnswer(o.value));
    // Empty options are reported as such (optionRequired), not as repeated.
    if (values.every(Boolean) && new Set(values).size !== values.length)
      ctx.addIssue({ code: 'custom', message: POLL_MSG.optionDuplicate, path: ['possible_answers'] });
    if (p.use_expiration_time) {
      if (p.time_expire === null || p.time_expire <= 0)
        ctx.addIssue({ code: 'custom', message: POLL_MSG.timeExpire, path: ['time_expire'] });
      if (!p.use_default_message && !p.expiration_message)
        ctx.addIssue({ code: 'custom', message: POLL_MSG.expirationRequired, path: ['expiration_message'] });
    }
  })
  .transform((p) => ({
    ...p,
    possible_answers: optionsRecord(
      p.answer_order,
      Object.entries(p.possible_answers)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, o]) => o.value),
    ),
    time_expire: p.use_expiration_time ? p.time_expire : null,
  }));

export type TPollInput = z.input<typeof ZPollInput>;
export type TPollValues = z.output<typeof ZPollInput>;

/** possible_answers as stored: {"1": {key, value}, …} with the order's keys. */
export function optionsRecord(order: TPollAnswerOrder, values: string[]): Record<string, TPollOption> {
  return Object.fromEntries(
    values.map((value, i) => [String(i + 1), { key: pollOptionKey(order, i), value }] as const),
  );
}

/** The options in order ("1", "2", …). */
export function pollOptions(possible: Record<string, unknown>): TPollOption[] {
  return Object.entries(possible)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, o]) => {
      const v = (o ?? {}) as { key?: unknown; value?: unknown };
      return { key: String(v.key ?? ''), value: String(v.value ?? '') };
    });
}

export const ZPoll = z.object({
  id: z.number(),
  name: z.string(),
  question: z.string(),
  texts: z.object({ correct_answer: z.string().nullable(), invalid_answer: z.string().nullable() }),
  possible_answers: z.record(z.string(), z.object({ key: z.string(), value: z.string() })),
  answer_order: z.enum(POLL_ANSWER_ORDERS),
  use_expiration_time: z.boolean(),
  time_expire: z.number().nullable(),
  use_default_message: z.boolean(),
  expiration_message: z.string().nullable(),
  hsm_id: z.number().nullable(),
  answers_count: z.number(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type TPoll = z.infer<typeof ZPoll>;

export const ZPollSaved = z.object({ message: z.string(), poll: ZPoll });

/** A template the poll screen may choose (use_in_poll). */
export const ZPollHsm = z.object({ id: z.number(), name: z.string(), template: z.string() });
export type TPollHsm = z.infer<typeof ZPollHsm>;

/** Whether a poll's options are locked (spec 3 §4): the new options keep the count, values and type. */
export function optionsChanged(
  before: { answer_order: TPollAnswerOrder; possible_answers: Record<string, unknown> },
  after: { answer_order: TPollAnswerOrder; possible_answers: Record<string, unknown> },
): boolean {
  if (before.answer_order !== after.answer_order) return true;
  const a = pollOptions(before.possible_answers);
  const b = pollOptions(after.possible_answers);
  return a.length !== b.length || a.some((o, i) => o.value !== b[i]?.value);
}

/** Lower case, no accents, no punctuation around, single spaces: how an answer is compared with the options. */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The option a customer's reply names: its key ("A", "a", "a)", "1", "1 -") or its text (accents, case and
 * punctuation aside), or the "A) Ótimo" / "1 - Ótimo" line as sent. Null when it names none.
 */
export function matchPollAnswer(options: TPollOption[], reply: string): TPollOption | null {
  const text = normalizeAnswer(reply);
  if (!text) return null;
  for (const o of options) {
    const key = normalizeAnswer(o.key);
    const value = normalizeAnswer(o.value);
    if (text === key || text === value || text === `${key} ${value}`) return o;
  }
  return null;
}

/** One option as listed in the question: "A) Ótimo" or "1 - Ótimo". */
export function pollOptionLine(order: TPollAnswerOrder, o: TPollOption): string {
  return order === 'letters' ? `${o.key}) ${o.value}` : `${o.key} - ${o.value}`;
}

/** The question as sent to the customer: the question, then one option a line. */
export function pollQuestionText(poll: {
  question: string;
  answer_order: TPollAnswerOrder;
  possible_answers: Record<string, unknown>;
}): string {
  const lines = pollOptions(poll.possible_answers).map((o) => pollOptionLine(poll.answer_order, o));
  return `${poll.question}\n\n${lines.join('\n')}`;
}

/** What a poll message carries for the widget (messages.metadata.poll): its buttons. */
export const ZPollMessageMeta = z.object({
  request_id: z.number(),
  options: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type TPollMessageMeta = z.infer<typeof ZPollMessageMeta>;

// Reports (spec 3 §7 Polls + reports): a period of calendar days in the company's timezone.
const isoDate = z
  .string({ error: 'Data inválida.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida.' })
  .refine((v) => !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().slice(0, 10) === v, {
    error: 'Data inválida.',
  });

const ZPeriod = z.object({ fromDate: isoDate, toDate: isoDate });

/** The period's checks: the end not before the start, at most 366 days. */
function checkPeriod(q: { fromDate: string; toDate: string }, ctx: z.RefinementCtx) {
  if (q.toDate < q.fromDate)
    ctx.addIssue({ code: 'custom', message: POLL_MSG.invalidRange, path: ['toDate'] });
  else if (Date.parse(q.toDate) - Date.parse(q.fromDate) > 366 * 86_400_000)
    ctx.addIssue({ code: 'custom', message: POLL_MSG.rangeTooLong, path: ['toDate'] });
}

export const ZPollReportQuery = ZPeriod.superRefine(checkPeriod);
export type TPollReportQuery = z.infer<typeof ZPollReportQuery>;

export const ZPollReport = z.array(
  z.object({
    poll_id: z.number(),
    name: z.string(),
    deleted: z.boolean(),
    sent: z.number(),
    answered: z.number(),
    expired: z.number(),
    invalid: z.number(),
    pending: z.number(),
    options: z.array(
      z.object({ key: z.string(), value: z.string(), count: z.number(), percent: z.number() }),
    ),
  }),
);
export type TPollReport = z.infer<typeof ZPollReport>;

const optionalId = z.coerce
  .number({ error: 'Filtro inválido.' })
  .int({ error: 'Filtro inválido.' })
  .min(1, { error: 'Filtro inválido.' })
  .max(2_147_483_647, { error: 'Filtro inválido.' })
  .optional();

export const POLL_ANALYTICS_PAGE_SIZE = 50;

export const ZPollAnalyticsQuery = ZPeriod.extend({
  poll_id: optionalId,
  sector_id: optionalId,
  operator_id: optionalId,
  status_id: optionalId,
  channel_id: optionalId,
  answered: z.enum(['all', 'answered', 'not_answered'], { error: 'Filtro inválido.' }).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  exportAs: z.enum(['csv'], { error: 'Formato de exportação inválido.' }).optional(),
}).superRefine(checkPeriod);
export type TPollAnalyticsQuery = z.input<typeof ZPollAnalyticsQuery>;

export const POLL_STATE_LABEL: Record<string, string> = {
  pending: 'Aguardando resposta',
  answered: 'Respondida',
  expired: 'Expirada',
  invalid: 'Resposta inválida',
};

export const ZPollAnalyticsRow = z.object({
  id: z.number(),
  date: z.string(),
  protocol: z.string(),
  contact: z.string(),
  channel: z.string(),
  operator: z.string().nullable(),
  sector: z.string().nullable(),
  status: z.string().nullable(),
  poll: z.string(),
  state: z.string(),
  answer: z.string().nullable(),
});
export type TPollAnalyticsRow = z.infer<typeof ZPollAnalyticsRow>;

export const ZPollAnalytics = z.object({
  rows: z.array(ZPollAnalyticsRow),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TPollAnalytics = z.infer<typeof ZPollAnalytics>;

export const POLL_ANALYTICS_COLUMNS = [
  'Data',
  'Protocolo',
  'Contato',
  'Canal',
  'Operador',
  'Setor',
  'Status',
  'Pesquisa',
  'Situação',
  'Resposta',
] as const;
