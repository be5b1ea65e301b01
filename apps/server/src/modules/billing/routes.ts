import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

// Issue 21: placeholder, filled in by the billing work.
export function billingRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
