import { zIdParam } from '@prosa/shared/ids';
import {
  MAILING_MSG,
  ZMailing,
  ZMailingDeleted,
  ZMailingFieldSearch,
  ZMailingFieldValues,
  ZMailingInput,
  ZMailingOption,
  ZMailingPage,
  ZMailingPageQuery,
  ZMailingPeriodQuery,
  ZMailingSaved,
  ZMailingUpload,
} from '@prosa/shared/mailing';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import {
  allMailings,
  createMailing,
  deleteMailing,
  getMailing,
  mailingsInPeriod,
  mailingsPage,
  reprocessMailing,
  searchFieldValues,
  updateMailing,
} from './manage-mailings';
import { uploadMailing } from './upload-mailing';

const tags = ['mailing'];
const ZMailingIdParam = z.object({ id: zIdParam(MAILING_MSG.notFound) });

/** Mailing lists (spec 3 §7 Mailing): manager and above, always the caller's company. */
export function mailingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/mailings',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Mailings da empresa (para seleção)',
          response: { 200: z.array(ZMailingOption) },
        },
      },
      async (request) => allMailings(deps, callerOf(request)),
    );

    app.get(
      '/api/mailings/paged',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Mailings paginados, filtro por nome',
          querystring: ZMailingPageQuery,
          response: { 200: ZMailingPage },
        },
      },
      async (request) =>
        mailingsPage(deps, callerOf(request), request.query.page, request.query['filters.name']),
    );

    app.get(
      '/api/mailings/active',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Mailings ativos no período (campanhas e gatilhos)',
          querystring: ZMailingPeriodQuery,
          response: { 200: z.array(ZMailingOption) },
        },
      },
      async (request) => mailingsInPeriod(deps, callerOf(request), request.query),
    );

    app.get(
      '/api/mailings/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Um mailing', params: ZMailingIdParam, response: { 200: ZMailing } },
      },
      async (request) => getMailing(deps, callerOf(request), request.params.id),
    );

    app.post(
      '/api/mailings',
      {
        config: MANAGER,
        schema: { tags, summary: 'Cria mailing', body: ZMailingInput, response: { 200: ZMailingSaved } },
      },
      async (request) => createMailing(deps, callerOf(request), request.body),
    );

    app.put(
      '/api/mailings/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera mailing (um novo arquivo substitui as linhas)',
          params: ZMailingIdParam,
          body: ZMailingInput,
          response: { 200: ZMailingSaved },
        },
      },
      async (request) => updateMailing(deps, callerOf(request), request.params.id, request.body),
    );

    app.post(
      '/api/mailings/:id/process',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Importa o arquivo do mailing novamente',
          params: ZMailingIdParam,
          response: { 200: ZMailingSaved },
        },
      },
      async (request) => reprocessMailing(deps, callerOf(request), request.params.id),
    );

    app.delete(
      '/api/mailings/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Exclui mailing (exclusão lógica; aviso quando em uso)',
          params: ZMailingIdParam,
          response: { 200: ZMailingDeleted },
        },
      },
      async (request) => deleteMailing(deps, callerOf(request), request.params.id),
    );

    app.post(
      '/api/mailing-upload',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Envia o arquivo CSV de um mailing (multipart fileName, layoutId, file)',
          response: { 200: ZMailingUpload },
        },
      },
      async (request) => uploadMailing(deps, callerOf(request), request),
    );

    app.post(
      '/api/mailing-contact-field',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Valores de uma coluna do mailing que começam pelo texto (até 20)',
          body: ZMailingFieldSearch,
          response: { 200: ZMailingFieldValues },
        },
      },
      async (request) => searchFieldValues(deps, callerOf(request), request.body),
    );
  };
}
