import { z } from '@prosa/shared/zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';

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
        const database = await deps.db
          .execute(sql`select 1`)
          .then(() => 'ok' as const)
          .catch(() => 'error' as const);
        const queue = deps.queue
          ? (await deps.queue.healthy())
            ? ('ok' as const)
            : ('error' as const)
          : ('off' as const);
        const status = database === 'ok' && queue !== 'error' ? ('ok' as const) : ('degraded' as const);
        reply.code(status === 'ok' ? 200 : 503);
        return { status, database, queue, roles: [...deps.config.ROLE] };
      },
    );
  };
}
