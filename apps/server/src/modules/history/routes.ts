import { createReadStream } from 'node:fs';
import { ZCard } from '@prosa/shared/attendance';
import { ZExport, ZHistoryFilters, ZHistoryPage, ZHistoryQuery, ZTimelineEntry } from '@prosa/shared/history';
import { ZBigIdParams, zIdParam } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { downloadAttendanceCsv } from './download-attendance';
import { exportFile, exportHistory, listExports } from './export-history';
import { historyPdf } from './history-pdf';
import { restoreAttendance } from './restore-attendance';
import { searchHistory } from './search-history';
import { contactTimeline } from './timeline';

const tags = ['history'];

const attachment = (filename: string) => `attachment; filename="${filename}"`;

export function historyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/history',
      {
        config: needs(MANAGER, 'historico', 'read'),
        schema: {
          tags,
          summary: 'Histórico paginado com filtros',
          querystring: ZHistoryQuery,
          response: { 200: ZHistoryPage },
        },
      },
      async (request) => searchHistory(deps, callerOf(request), request.query),
    );

    app.get(
      '/api/history/download/:id',
      {
        config: needs(MANAGER, 'historico', 'read'),
        schema: { tags, summary: 'CSV de um atendimento', params: ZBigIdParams },
      },
      async (request, reply) => {
        const { filename, csv } = await downloadAttendanceCsv(deps, callerOf(request), request.params.id);
        return reply
          .header('content-disposition', attachment(filename))
          .type('text/csv; charset=utf-8')
          .send(csv);
      },
    );

    app.get(
      '/api/history/export',
      {
        config: needs(MANAGER, 'historico', 'read'),
        schema: {
          tags,
          summary: 'Exporta o histórico filtrado (CSV ou em segundo plano)',
          querystring: ZHistoryFilters,
        },
      },
      async (request, reply) => {
        const answer = await exportHistory(deps, callerOf(request), request.query);
        if (answer.kind === 'csv') {
          return reply
            .header('content-disposition', attachment(answer.filename))
            .type('text/csv; charset=utf-8')
            .send(answer.csv);
        }
        return reply
          .code(202)
          .send({ alert: answer.alert, message: answer.message, export_id: answer.export_id });
      },
    );

    app.get(
      '/api/history/pdf',
      {
        config: needs(MANAGER, 'historico', 'read'),
        schema: { tags, summary: 'PDF do histórico filtrado', querystring: ZHistoryFilters },
      },
      async (request, reply) => {
        const { filename, pdf } = await historyPdf(deps, callerOf(request), request.query);
        return reply
          .header('content-disposition', attachment(filename))
          .header('access-control-expose-headers', 'content-disposition')
          .type('application/pdf')
          .send(pdf);
      },
    );

    app.get(
      '/api/exports',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Exportações do usuário',
          response: { 200: z.array(ZExport) },
        },
      },
      async (request) => listExports(deps, callerOf(request)),
    );

    app.get(
      '/api/exports/:id/download',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Baixa uma exportação pronta',
          params: z.object({ id: z.uuid({ error: 'Registro não encontrado.' }) }),
        },
      },
      async (request, reply) => {
        const file = await exportFile(deps, callerOf(request), request.params.id);
        return reply
          .header('content-disposition', attachment(file.filename))
          .type('text/csv; charset=utf-8')
          .send(createReadStream(file.path));
      },
    );

    app.post(
      '/api/history/restore',
      {
        config: needs(MANAGER, 'historico', 'write'),
        schema: {
          tags,
          summary: 'Restaura o último atendimento do contato',
          body: z.object({ contact_id: zIdParam() }),
          response: { 200: z.object({ message: z.string(), card: ZCard }) },
        },
      },
      async (request) => restoreAttendance(deps, callerOf(request), { contactId: request.body.contact_id }),
    );

    app.get(
      '/api/attendances/:id/timeline',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Linha do tempo do contato',
          params: ZBigIdParams,
          response: { 200: z.array(ZTimelineEntry) },
        },
      },
      async (request) => contactTimeline(deps, callerOf(request), { attendanceId: request.params.id }),
    );
  };
}
