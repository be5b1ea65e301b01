import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

/** The negotiators' administration (spec 3 §4 Negotiator): list, form, phrases, image upload. */
export function negotiatorRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
