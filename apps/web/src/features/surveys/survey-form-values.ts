import type { TSurveyInput } from '@prosa/shared/surveys';
import type { TSurveyType } from '@prosa/shared/surveys-texts';

export type TSurveyQuestionValues = { text: string; options: string[]; others: boolean };

export type TSurveyFormValues = {
  type: TSurveyType;
  title: string;
  description: string;
  info: string;
  image_url: string | null;
  link: string;
  questions: TSurveyQuestionValues[];
  company_ids: number[];
};

export const emptyQuestion = (): TSurveyQuestionValues => ({ text: '', options: ['', ''], others: false });

export const emptySurvey = (): TSurveyFormValues => ({
  type: 'questions',
  title: '',
  description: '',
  info: '',
  image_url: null,
  link: '',
  questions: [emptyQuestion()],
  company_ids: [],
});

/** The body the server takes: only the part of the chosen type. */
export function toSurveyInput(v: TSurveyFormValues): TSurveyInput {
  return {
    type: v.type,
    title: v.title,
    description: v.description,
    info: v.info,
    image_url: v.image_url,
    link: v.type === 'external_form' ? v.link : null,
    questions: v.type === 'questions' ? v.questions : [],
    company_ids: v.company_ids,
  };
}
