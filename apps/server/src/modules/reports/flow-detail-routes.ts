import { ZBigIdParams } from '@prosa/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { attendanceFlowDetail } from './runners/attendance-flow';

/**
 * GET /api/reports/attendance-flow/:id (spec 3 §7 "attendance flow … detail {history_id}"): one attendance's
 * transfers for the attendance-flow report; manager and above, the caller's company only (another's: 404).
 */
export function flowDetailRoutes(deps: Pick<AppDeps, 'db'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/reports/attendance-flow/:id',
      {
        config: MANAGER,
        schema: {
          tags: ['reports'],
          summary: 'Transferências de um atendimento (relatório de fluxo de atendimento)',
          params: ZBigIdParams,
        },
      },
      async (request) => {
        const detail = await attendanceFlowDetail(deps.db, callerOf(request).companyId, request.params.id);
        if (!detail) throw notFound();
        return detail;
      },
    );
  };
}
