import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

// Issue 20: placeholder, filled in by the notifications work.
export function notificationRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
