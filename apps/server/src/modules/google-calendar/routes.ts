import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

// Issue 22: placeholder, filled in by the google-calendar work.
export function googleCalendarRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
