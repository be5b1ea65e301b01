import { zId, zPage } from './ids';
import { SURVEY_IMAGE_PATH, SURVEY_MSG } from './surveys-texts';
import { z } from './zod';

// Surveys (issue 20; spec 3 §3, §5, §7): admins publish them to the users of chosen companies; each user answers
// once. Texts and constants without zod live in surveys-texts.ts.

export { SURVEY_MSG } from './surveys-texts';

const text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, `No máximo ${max} caracteres.`);

export const ZSurveyQuestion = z
  .object({
    text: text(500, SURVEY_MSG.questionRequired),
    options: z
      .array(text(200, SURVEY_MSG.optionRequired), { error: SURVEY_MSG.optionsMin })
      .min(2, SURVEY_MSG.optionsMin)
      .max(20, 'No máximo 20 opções por pergunta.'),
    others: z.boolean().default(false),
  })
  .refine((q) => new Set(q.options.map((o) => o.toLowerCase())).size === q.options.length, {
    message: SURVEY_MSG.optionRepeated,
    path: ['options'],
  });
export type TSurveyQuestion = z.output<typeof ZSurveyQuestion>;

// http(s), a host, no spaces (the same rule as the other links the product keeps).
const HTTP_URL_RE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const isHttpUrl = (v: string) => HTTP_URL_RE.test(v);

// An uploaded image's address (POST /api/survey-upload answers it); no other address is shown to users.
const IMAGE_URL_RE = new RegExp(`^${SURVEY_IMAGE_PATH.replace(/\//g, '\\/')}[a-f0-9-]{36}\\.(png|jpg)$`);

export const ZSurveyInput = z
  .object({
    type: z.enum(['questions', 'external_form'], { error: SURVEY_MSG.typeRequired }),
    title: z
      .string({ error: SURVEY_MSG.titleRequired })
      .trim()
      .min(1, SURVEY_MSG.titleRequired)
      .max(200, SURVEY_MSG.titleTooLong),
    description: z.string().trim().max(2000, 'A descrição deve ter no máximo 2000 caracteres.').default(''),
    /** HTML; the server keeps only formatting tags (sanitized on save). */
    info: z.string().max(20_000, 'A informação deve ter no máximo 20000 caracteres.').default(''),
    image_url: z
      .string()
      .regex(IMAGE_URL_RE, SURVEY_MSG.imageInvalid)
      .nullish()
      .transform((v) => v ?? null),
    link: z
      .string()
      .trim()
      .max(2000, SURVEY_MSG.linkInvalid)
      .nullish()
      .transform((v) => (v ? v : null)),
    questions: z.array(ZSurveyQuestion).max(50, 'No máximo 50 perguntas.').default([]),
    /** Empty: every company the creator reaches. */
    company_ids: z.array(zId(SURVEY_MSG.companyNotFound)).max(1000).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'questions' && v.questions.length === 0)
      ctx.addIssue({ code: 'custom', message: SURVEY_MSG.questionsRequired, path: ['questions'] });
    if (v.type === 'external_form' && !(v.link && isHttpUrl(v.link)))
      ctx.addIssue({ code: 'custom', message: SURVEY_MSG.linkInvalid, path: ['link'] });
  });
export type TSurveyInput = z.input<typeof ZSurveyInput>;

export const ZSurveyListQuery = z.object({
  page: zPage(),
  search: z.string().trim().max(200).optional(),
});

const ZCompanyRef = z.object({ id: z.number(), name: z.string() });

export const ZSurveyListItem = z.object({
  id: z.number(),
  type: z.enum(['questions', 'external_form']),
  title: z.string(),
  company_ids: z.array(z.number()),
  companies: z.array(ZCompanyRef),
  answers_count: z.number(),
  created_at: z.string(),
});
export type TSurveyListItem = z.infer<typeof ZSurveyListItem>;

/** Spec 3 §7: the list with paging returns total and result. */
export const ZSurveyPage = z.object({ total: z.number(), result: z.array(ZSurveyListItem) });

const ZQuestionOut = z.object({ text: z.string(), options: z.array(z.string()), others: z.boolean() });

/** What a user sees and answers. */
export const ZPendingSurvey = z.object({
  id: z.number(),
  type: z.enum(['questions', 'external_form']),
  title: z.string(),
  description: z.string(),
  info: z.string(),
  image_url: z.string().nullable(),
  link: z.string().nullable(),
  questions: z.array(ZQuestionOut),
});
export type TPendingSurvey = z.infer<typeof ZPendingSurvey>;
export const ZPendingSurveys = z.array(ZPendingSurvey);

export const ZSurveySummary = z.object({
  text: z.string(),
  options: z.array(z.object({ option: z.string(), count: z.number() })),
  /** Answers in 'Outros', and their texts (the latest 200). */
  others_count: z.number(),
  others: z.array(z.string()),
});

export const ZSurveyDetail = ZPendingSurvey.extend({
  company_ids: z.array(z.number()),
  companies: z.array(ZCompanyRef),
  answers_count: z.number(),
  created_at: z.string(),
  summary: z.array(ZSurveySummary),
});
export type TSurveyDetail = z.infer<typeof ZSurveyDetail>;

export const ZSurveyCreated = z.object({ message: z.string(), id: z.number() });

const ZAnswerOne = z.object({
  choice: z.string().max(200, SURVEY_MSG.invalidChoice).nullable().default(null),
  others: z
    .string()
    .trim()
    .max(1000, 'No máximo 1000 caracteres.')
    .nullish()
    .transform((v) => v || null),
});

/** Spec 3 §7: answers per question index, with the 'others' text. */
export const ZSurveyAnswerInput = z.object({
  answers: z
    .record(z.string().regex(/^\d{1,2}$/, SURVEY_MSG.answerAll), ZAnswerOne, { error: SURVEY_MSG.answerAll })
    .default({}),
});
export type TSurveyAnswerInput = z.input<typeof ZSurveyAnswerInput>;

export const ZSurveyUploadOutput = z.object({ success: z.boolean(), url: z.string() });
