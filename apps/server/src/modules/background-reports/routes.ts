import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

/** Background reports (spec 3 §7 /reports/background-reports): list, ask, cancel, delete, download. */
export function backgroundReportRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
