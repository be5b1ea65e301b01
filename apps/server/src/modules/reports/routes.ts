import { formatDate } from '@prosa/shared/dates';
import {
  REPORT_KEYS,
  REPORT_LOOKUPS_PATH,
  REPORT_MSG,
  REPORTS,
  type TReportTable,
  ZReportFilters,
  ZReportLookups,
} from '@prosa/shared/reports';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { reportCsv } from './csv';
import { reportLookups } from './lookups';
import { goesToBackground, REPORT_TIMEOUT_CODE, reportContext, runReport } from './run-report';

const tags = ['reports'];

/** No row in the table nor in its extra tables: the CSV answers the spec's empty text. */
export function isEmpty(table: TReportTable): boolean {
  return table.rows.length === 0 && (table.tables ?? []).every((t) => t.rows.length === 0);
}

const ZReportQuery = ZReportFilters.extend({ format: z.enum(['json', 'csv']).optional() });

/**
 * The reports of spec 3 (GET /api/reports/:key): manager and above, the caller's company only. JSON for the
 * screen, or CSV (`format=csv`) named by the content-disposition header. Empty CSV: 404 with 'Não foram
 * encontrados dados para os filtros aplicados.'. A period above the company's background threshold, or a
 * report past REPORT_TIMEOUT_MS, answers 408 report_timeout: the screen offers the background.
 */
export function reportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      REPORT_LOOKUPS_PATH,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Usuários, canais, setores e status dos filtros dos relatórios',
          response: { 200: ZReportLookups },
        },
      },
      async (request) => reportLookups(deps.db, callerOf(request)),
    );

    app.get(
      '/api/reports/:key',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Gera um relatório (JSON ou CSV)',
          params: z.object({ key: z.enum(REPORT_KEYS, { error: 'Relatório não encontrado.' }) }),
          querystring: ZReportQuery,
        },
      },
      async (request, reply) => {
        const { format = 'json', ...filters } = request.query;
        const key = request.params.key;
        const ctx = await reportContext(deps, callerOf(request), key, filters, format);
        if (await goesToBackground(deps, ctx, key))
          throw new AppError(REPORT_TIMEOUT_CODE, REPORT_MSG.largePeriod, 408, { reason: 'period' });
        const table = await runReport(key, ctx, deps.config.REPORT_TIMEOUT_MS);
        if (format === 'json') return table;
        if (isEmpty(table)) throw new AppError('report_empty', REPORT_MSG.empty, 404);
        const period = `${formatDate(ctx.from, ctx.tz)} a ${formatDate(new Date(ctx.to.getTime() - 1), ctx.tz)}`;
        return reply
          .header('content-disposition', `attachment; filename="${REPORTS[key].csvName}"`)
          .header('access-control-expose-headers', 'content-disposition')
          .type('text/csv; charset=utf-8')
          .send(reportCsv(table, period));
      },
    );
  };
}
