import { ROLE } from '@prosa/shared/roles';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { callerOf } from '../../platform/guard';
import { setOperatorStatus } from './operator-status';

const tags = ['distribution'];

export function distributionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/users/set-status',
      {
        config: { access: { minRole: ROLE.operator } },
        schema: {
          tags,
          summary: 'Operador on-line ou off-line (setStatus)',
          body: z.object({
            user_id: z.coerce.number().int(),
            status: z.enum(['online', 'offline'], { error: 'Status inválido.' }),
          }),
          response: {
            200: z.object({
              message: z.string(),
              status: z.enum(['online', 'offline']),
              returned_to_queue: z.number(),
            }),
          },
        },
      },
      async (request) =>
        setOperatorStatus(deps, callerOf(request), {
          userId: request.body.user_id,
          status: request.body.status,
        }),
    );
  };
}
