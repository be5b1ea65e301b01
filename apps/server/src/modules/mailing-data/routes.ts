import { ZBigIdParams } from '@prosa/shared/ids';
import { ZAttendanceMailingData } from '@prosa/shared/mailing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { attendanceMailingData } from './attendance-mailing-data';

/** The chat's contact panel: the contact's mailing data (spec 1 §7 mailing data load). */
export function mailingDataRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/attendances/:id/mailing-data',
      {
        config: ANY_USER,
        schema: {
          tags: ['mailing'],
          summary: 'Dados do contato nos mailings ativos (parâmetros exibidos)',
          params: ZBigIdParams,
          response: { 200: ZAttendanceMailingData },
        },
      },
      async (request) => attendanceMailingData(deps, callerOf(request), request.params.id),
    );
  };
}
