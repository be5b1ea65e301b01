import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

/** Issue 18: being built. */
export function blacklistRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
