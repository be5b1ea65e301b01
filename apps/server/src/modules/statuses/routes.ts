import { ZStatus } from '@prosa/shared/company';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { ANY_USER, callerOf } from '../../platform/guard';
import { listStatuses } from './repository';

export function statusRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/statuses',
      {
        config: ANY_USER,
        schema: {
          tags: ['statuses'],
          summary: 'Status de classificação e finalização (do setor, com sector_id)',
          querystring: z.object({ sector_id: z.coerce.number().int().optional() }),
          response: { 200: z.array(ZStatus) },
        },
      },
      async (request) => listStatuses(deps.db, callerOf(request).companyId, request.query.sector_id),
    );
  };
}
