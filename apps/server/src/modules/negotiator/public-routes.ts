import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

/** The negotiator's public hotsite (/negociar/<hash>) and its calls. */
export function negotiatorPublicRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
