import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

/** Issue 18: being built. */
export function optinRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
