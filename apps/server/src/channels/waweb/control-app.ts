import { ERROR_CODE, MSG } from '@prosa/shared/messages';
import Fastify, { type FastifyError } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { type ControlRouteDeps, channelControlRoutes } from './control-routes';

// A process with ROLE=channels and without `api` still answers its control calls (spec 2 §7): this small app
// has only them and the routes it is given (main.ts: /api/health), on the process's PORT.

export async function buildControlApp(
  deps: AppDeps,
  control: Omit<ControlRouteDeps, 'appSecret' | 'storage' | 'outbound' | 'db'>,
  routes: FastifyPluginAsyncZod[] = [],
) {
  const app = Fastify({
    logger: false,
    trustProxy: deps.config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof AppError)
      return reply
        .code(error.httpStatus)
        .send({ ...error.details, code: error.code, message: error.message });
    if (hasZodFastifySchemaValidationErrors(error))
      return reply
        .code(400)
        .send({ code: ERROR_CODE.validation, message: error.validation[0]?.message ?? MSG.invalidRequest });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return reply.code(error.statusCode).send({ code: ERROR_CODE.validation, message: MSG.invalidRequest });
    return reply.code(500).send({ code: ERROR_CODE.internal, message: MSG.genericError });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ code: ERROR_CODE.notFound, message: MSG.notFound }),
  );
  for (const r of routes) await app.register(r);
  await app.register(
    channelControlRoutes({
      ...control,
      db: deps.db,
      appSecret: deps.appSecret,
      storage: deps.storage,
      outbound: deps.outbound,
    }),
  );
  return app;
}
