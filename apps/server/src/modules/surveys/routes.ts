import { ZMessageOutput } from '@prosa/shared/auth';
import { zIdParam } from '@prosa/shared/ids';
import {
  SURVEY_MSG,
  ZPendingSurveys,
  ZSurveyAnswerInput,
  ZSurveyCreated,
  ZSurveyDetail,
  ZSurveyInput,
  ZSurveyListQuery,
  ZSurveyPage,
  ZSurveyUploadOutput,
} from '@prosa/shared/surveys';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, ANY_USER, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { answerSurvey } from './answer-survey';
import { createSurvey } from './create-survey';
import { deleteSurvey } from './delete-survey';
import { getSurvey } from './get-survey';
import { listSurveys } from './list-surveys';
import { pendingSurveys } from './pending-surveys';
import { readSurveyUpload } from './read-upload';
import { readSurveyImage, uploadSurveyImage } from './survey-image';

const tags = ['surveys'];
const ZSurveyId = z.object({ id: zIdParam(SURVEY_MSG.notFound) });

/**
 * Surveys (issue 20; spec 3 §2, §7): admins publish them to companies (a lord to any, an admin to their own and
 * their list); every user of those companies answers each once. Company autocomplete: GET /api/companies?search=.
 */
export function surveyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/surveys',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Pesquisas internas (50 por página, busca por título)',
          querystring: ZSurveyListQuery,
          response: { 200: ZSurveyPage },
        },
      },
      async (request) => listSurveys(deps, callerOf(request), request.query),
    );
    app.post(
      '/api/surveys',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Publica uma pesquisa interna',
          body: ZSurveyInput,
          response: { 200: ZSurveyCreated },
        },
      },
      async (request) => createSurvey(deps, callerOf(request), request.body),
    );
    app.get(
      '/api/surveys/pending',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Pesquisas que o usuário ainda não respondeu',
          response: { 200: ZPendingSurveys },
        },
      },
      async (request) => pendingSurveys(deps, callerOf(request)),
    );
    app.get(
      '/api/surveys/:id',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Uma pesquisa com o resumo das respostas',
          params: ZSurveyId,
          response: { 200: ZSurveyDetail },
        },
      },
      async (request) => getSurvey(deps, callerOf(request), request.params.id),
    );
    app.delete(
      '/api/surveys/:id',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Exclui uma pesquisa',
          params: ZSurveyId,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => deleteSurvey(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/surveys/:id/answers',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Responde uma pesquisa (uma vez por usuário)',
          params: ZSurveyId,
          body: ZSurveyAnswerInput,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => answerSurvey(deps, callerOf(request), request.params.id, request.body),
    );
    app.post(
      '/api/survey-upload',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Envia a imagem de uma pesquisa (multipart: file, fileName; jpg, jpeg ou png até 2 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: ZSurveyUploadOutput },
        },
      },
      async (request) => {
        callerOf(request);
        return uploadSurveyImage(deps, await readSurveyUpload(request));
      },
    );
    app.get(
      '/api/survey-images/:file',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Imagem de uma pesquisa', params: z.object({ file: z.string().max(80) }) },
      },
      async (request, reply) => {
        const { data, mime } = await readSurveyImage(deps, callerOf(request), request.params.file);
        return reply
          .header('content-type', mime)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(data);
      },
    );
  };
}
