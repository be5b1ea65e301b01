import { ZTemplateSent } from '@prosa/shared/hsm';
import { ZActiveSmsInput, ZActiveSmsOptions } from '@prosa/shared/sms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { activeSmsOptions, createActiveSms } from './create-active-sms';

const tags = ['active-sms'];

/** Active SMS (spec 1 §7: "Active SMS create, SMS channels available"). */
export function activeSmsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/active-sms/options',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Canais SMS disponíveis e setores do SMS ativo',
          response: { 200: ZActiveSmsOptions },
        },
      },
      async (request) => activeSmsOptions(deps, callerOf(request)),
    );
    app.post(
      '/api/active-sms',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Inicia um atendimento com um SMS ativo (até 160 caracteres)',
          body: ZActiveSmsInput,
          response: { 200: ZTemplateSent },
        },
      },
      async (request) => createActiveSms(deps, callerOf(request), request.body),
    );
  };
}
