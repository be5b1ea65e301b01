import type { TPendingSurvey } from '@prosa/shared/surveys';
import { apiRequest } from '../../lib/api';

// The calls of the answering modal, which the app shell mounts: answers checked by the on-demand schemas
// (lib/response-schemas.ts), so the chat's first load stays without zod.

export type TSurveyAnswers = Record<string, { choice: string | null; others: string | null }>;

export const pendingSurveysApi = {
  list: (): Promise<TPendingSurvey[]> =>
    apiRequest('/api/surveys/pending', { schema: (s) => s.ZPendingSurveys }),
  answer: (id: number, answers: TSurveyAnswers) =>
    apiRequest(`/api/surveys/${id}/answers`, {
      method: 'POST',
      body: { answers },
      schema: (s) => s.ZMessageOutput,
    }),
};
