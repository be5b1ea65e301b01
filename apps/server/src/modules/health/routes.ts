import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { checkHealth } from './check-health';

const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'error']),
  queue: z.enum(['ok', 'error', 'off']),
  roles: z.array(z.string()),
});

export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        config: PUBLIC,
        schema: { tags: ['health'], summary: 'Saúde do serviço', response: { 200: ZHealth, 503: ZHealth } },
      },
      async (_request, reply) => {
        const health = await checkHealth(deps);
        reply.code(health.status === 'ok' ? 200 : 503);
        return health;
      },
    );
  };
}
