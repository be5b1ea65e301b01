import type { TPendingSurvey } from '@prosa/shared/surveys';
import { SURVEY_MSG } from '@prosa/shared/surveys-texts';
import { describe, expect, it } from 'vitest';
import { missingAnswer } from './pending-survey-dialog';
import { emptySurvey, toSurveyInput } from './survey-form-values';

const survey: TPendingSurvey = {
  id: 1,
  type: 'questions',
  title: 'T',
  description: '',
  info: '',
  image_url: null,
  link: null,
  questions: [
    { text: 'A?', options: ['Sim', 'Não'], others: true },
    { text: 'B?', options: ['1', '2'], others: false },
  ],
};

describe('the answering modal', () => {
  it("keeps 'Enviar' off until every question has an option, or 'Outros' with a text", () => {
    expect(missingAnswer(survey, {})).toBe(SURVEY_MSG.answerAll);
    expect(missingAnswer(survey, { '0': { choice: 'Sim', others: '' } })).toBe(SURVEY_MSG.answerAll);
    const others = { '0': { choice: 'others', others: '  ' }, '1': { choice: '2', others: '' } };
    expect(missingAnswer(survey, others)).toBe(SURVEY_MSG.othersRequired);
    expect(missingAnswer(survey, { ...others, '0': { choice: 'others', others: 'Talvez' } })).toBeNull();
    expect(
      missingAnswer(survey, { '0': { choice: 'Não', others: '' }, '1': { choice: '1', others: '' } }),
    ).toBeNull();
  });
});

describe('the new survey form', () => {
  it('sends only the part of the chosen type', () => {
    const v = { ...emptySurvey(), title: 'X', link: 'https://f.example' };
    expect(toSurveyInput(v)).toMatchObject({ type: 'questions', link: null, questions: v.questions });
    expect(toSurveyInput({ ...v, type: 'external_form' })).toMatchObject({
      type: 'external_form',
      link: 'https://f.example',
      questions: [],
    });
  });
});
