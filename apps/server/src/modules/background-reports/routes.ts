import {
  ZBackgroundReportCreate,
  ZBackgroundReportCreated,
  ZBackgroundReportList,
  ZBackgroundReportListQuery,
} from '@prosa/shared/reports';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import {
  backgroundFile,
  cancelBackground,
  deleteBackground,
  listBackground,
} from './manage-background-reports';
import { requestBackgroundReport } from './request-background-report';

const tags = ['reports'];
const ZIdParams = z.object({ id: z.uuid({ error: 'Registro não encontrado.' }) });
const ZMessage = z.object({ message: z.string() });

/** Background reports (spec 3 §7 /reports/background-reports): list, ask, cancel, delete, download. */
export function backgroundReportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/reports/background',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Relatórios em segundo plano (status, page, count 25|50|100)',
          querystring: ZBackgroundReportListQuery,
          response: { 200: ZBackgroundReportList },
        },
      },
      async (request) => listBackground(deps, callerOf(request), request.query),
    );

    app.post(
      '/api/reports/background',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Envia um relatório para processamento em segundo plano',
          body: ZBackgroundReportCreate,
          response: { 201: ZBackgroundReportCreated },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await requestBackgroundReport(deps, callerOf(request), request.body)),
    );

    app.post(
      '/api/reports/background/:id/cancel',
      {
        config: MANAGER,
        schema: { tags, summary: 'Cancela um relatório na fila ou em processamento', params: ZIdParams },
      },
      async (request) => cancelBackground(deps, callerOf(request), request.params.id),
    );

    app.delete(
      '/api/reports/background/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Exclui um relatório em segundo plano e seu arquivo',
          params: ZIdParams,
          response: { 200: ZMessage },
        },
      },
      async (request) => deleteBackground(deps, callerOf(request), request.params.id),
    );

    app.get(
      '/api/reports/background/:id/download',
      {
        config: MANAGER,
        schema: { tags, summary: 'Baixa o CSV de um relatório finalizado', params: ZIdParams },
      },
      async (request, reply) => {
        const { file, fileName } = await backgroundFile(deps, callerOf(request), request.params.id);
        return reply
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('access-control-expose-headers', 'content-disposition')
          .header('content-length', file.length)
          .type('text/csv; charset=utf-8')
          .send(file.body);
      },
    );
  };
}
