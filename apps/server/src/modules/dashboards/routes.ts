import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

/** The five dashboards of spec 3 (business, monitoring, internal communication, operational summary, team). */
export function dashboardRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
