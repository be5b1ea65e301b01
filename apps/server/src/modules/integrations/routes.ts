import { zIdParam } from '@prosa/shared/ids';
import {
  INTEGRATION_MSG,
  ZIntegration,
  ZIntegrationDeliveries,
  ZIntegrationDeliveriesQuery,
  ZIntegrationInput,
  ZIntegrationList,
  ZIntegrationMessage,
  ZIntegrationSaved,
} from '@prosa/shared/integrations';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { deleteIntegration } from './delete-integration';
import { getIntegration, listDeliveries, listIntegrations } from './list-integrations';
import { resendDelivery } from './resend-delivery';
import { createIntegration, editIntegration } from './save-integration';

const tags = ['integrations'];
const ZId = z.object({ id: zIdParam(INTEGRATION_MSG.notFound) });
const ZDeliveryParam = z.object({ id: zIdParam(INTEGRATION_MSG.deliveryNotFound) });

/** Integrations (issue 22; spec 2 §7 "Integrations all, find, create, update, delete"): managers of the company. */
export function integrationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/integrations',
      {
        config: MANAGER,
        schema: { tags, summary: 'Integrações da empresa', response: { 200: ZIntegrationList } },
      },
      async (request) => listIntegrations(deps, callerOf(request)),
    );
    app.get(
      '/api/integrations/deliveries',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Entregas recentes (as 50 últimas; integration_id: só de uma integração)',
          querystring: ZIntegrationDeliveriesQuery,
          response: { 200: ZIntegrationDeliveries },
        },
      },
      async (request) => listDeliveries(deps, callerOf(request), request.query.integration_id),
    );
    app.post(
      '/api/integrations/deliveries/:id/resend',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Reenvia uma entrega que falhou',
          params: ZDeliveryParam,
          response: { 200: ZIntegrationMessage },
        },
      },
      async (request) => resendDelivery(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/api/integrations/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Uma integração', params: ZId, response: { 200: ZIntegration } },
      },
      async (request) => getIntegration(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/integrations',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Cria uma integração (RD Station Marketing ou CRM)',
          body: ZIntegrationInput,
          response: { 200: ZIntegrationSaved },
        },
      },
      async (request) => createIntegration(deps, callerOf(request), request.body),
    );
    app.put(
      '/api/integrations/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera uma integração (credenciais em branco continuam as salvas)',
          params: ZId,
          body: ZIntegrationInput,
          response: { 200: ZIntegrationSaved },
        },
      },
      async (request) => editIntegration(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/integrations/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Exclui uma integração',
          params: ZId,
          response: { 200: ZIntegrationMessage },
        },
      },
      async (request) => deleteIntegration(deps, callerOf(request), request.params.id),
    );
  };
}
