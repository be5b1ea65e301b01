import { zIdParam } from '@prosa/shared/ids';
import {
  POLL_MSG,
  ZPoll,
  ZPollAnalytics,
  ZPollAnalyticsQuery,
  ZPollHsm,
  ZPollInput,
  ZPollReport,
  ZPollReportQuery,
  ZPollSaved,
} from '@prosa/shared/polls';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { allPolls, checkAnswers, createPoll, deletePoll, pollTemplates, updatePoll } from './manage-polls';
import { pollAnalytics, pollAnalyticsCsv, pollReport } from './poll-report';

const tags = ['polls'];
const ZPollIdParam = z.object({ id: zIdParam(POLL_MSG.notFound) });

/** Polls (spec 3 §2, §5, §7): manager and above, always the caller's company. */
export function pollRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/polls',
      {
        config: MANAGER,
        schema: { tags, summary: 'Pesquisas da empresa', response: { 200: z.array(ZPoll) } },
      },
      async (request) => allPolls(deps, callerOf(request)),
    );

    app.get(
      '/api/polls/with-trashed',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Pesquisas da empresa, excluídas inclusive (relatórios)',
          response: { 200: z.array(ZPoll) },
        },
      },
      async (request) => allPolls(deps, callerOf(request), true),
    );

    app.get(
      '/api/polls/hsm',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Modelos (HSM) que podem ser usados em pesquisas',
          response: { 200: z.array(ZPollHsm) },
        },
      },
      async (request) => pollTemplates(deps, callerOf(request)),
    );

    app.get(
      '/api/polls/report',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Relatório de pesquisas: respostas por opção no período',
          querystring: ZPollReportQuery,
          response: { 200: ZPollReport },
        },
      },
      async (request) => pollReport(deps, callerOf(request), request.query),
    );

    app.get(
      '/api/reports/polls_analytics',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Relatório analítico de pesquisas (exportAs=csv: arquivo CSV)',
          querystring: ZPollAnalyticsQuery,
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        if (request.query.exportAs === 'csv') {
          const { filename, csv } = await pollAnalyticsCsv(deps, caller, request.query);
          return reply
            .header('content-disposition', `attachment; filename="${filename}"`)
            .type('text/csv; charset=utf-8')
            .send(csv);
        }
        return reply.send(ZPollAnalytics.parse(await pollAnalytics(deps, caller, request.query)));
      },
    );

    app.post(
      '/api/polls',
      {
        config: MANAGER,
        schema: { tags, summary: 'Cria pesquisa', body: ZPollInput, response: { 200: ZPollSaved } },
      },
      async (request) => createPoll(deps, callerOf(request), request.body),
    );

    app.get(
      '/api/polls/:id/check-answers',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Se a pesquisa já tem respostas (opções travadas)',
          params: ZPollIdParam,
          response: { 200: z.object({ has_answers: z.boolean(), answers: z.number() }) },
        },
      },
      async (request) => checkAnswers(deps, callerOf(request), request.params.id),
    );

    app.put(
      '/api/polls/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera pesquisa',
          params: ZPollIdParam,
          body: ZPollInput,
          response: { 200: ZPollSaved },
        },
      },
      async (request) => updatePoll(deps, callerOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/polls/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Exclui pesquisa (exclusão lógica)',
          params: ZPollIdParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => deletePoll(deps, callerOf(request), request.params.id),
    );
  };
}
