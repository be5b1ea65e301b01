import {
  OPTIN_API,
  ZOptinChangeInput,
  ZOptinChangeOutput,
  ZOptinChannel,
  ZOptinPage,
  ZOptinSearchQuery,
} from '@prosa/shared/optin';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { changeOptin, optinChannels, searchOptin } from './manage-subscribers';

const tags = ['optin'];

/** Opt-in subscribers (spec 2 §7 "Opt-in: search, active, deactivate"): manager and above, the caller's company. */
export function optinRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OPTIN_API.channels,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Canais com opt-in (WhatsApp Enterprise, WhatsApp, SMS) e seus inscritos ativos',
          response: { 200: z.array(ZOptinChannel) },
        },
      },
      async (request) => optinChannels(deps, callerOf(request)),
    );

    app.get(
      OPTIN_API.search,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Busca inscritos de um canal (número ou nome, status), paginado',
          querystring: ZOptinSearchQuery,
          response: { 200: ZOptinPage },
        },
      },
      async (request) => searchOptin(deps, callerOf(request), request.query),
    );

    app.post(
      OPTIN_API.activate,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Ativa inscritos (ids) ou um número do canal',
          body: ZOptinChangeInput,
          response: { 200: ZOptinChangeOutput },
        },
      },
      async (request) => changeOptin(deps, callerOf(request), request.body, 'active'),
    );

    app.post(
      OPTIN_API.deactivate,
      {
        config: MANAGER,
        schema: {
          tags,
          summary:
            'Desativa inscritos (ids) ou um número do canal; cancela seus envios pendentes de campanhas',
          body: ZOptinChangeInput,
          response: { 200: ZOptinChangeOutput },
        },
      },
      async (request) => changeOptin(deps, callerOf(request), request.body, 'inactive'),
    );
  };
}
