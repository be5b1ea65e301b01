import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

// Issue 20: placeholder, filled in by the surveys work.
export function surveyRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
