import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

// Issue 22: placeholder, filled in by the crm work.
export function crmRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
