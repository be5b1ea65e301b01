import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

// Issue 22: placeholder, filled in by the integrations work.
export function integrationRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
