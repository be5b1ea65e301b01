import { ZAttendanceRules, ZClientWaitingResponse, ZMonitor } from '@prosa/shared/attendance-rules';
import {
  ZAutoDistConfig,
  ZAutoDistInput,
  ZOperatorStatusResult,
  ZQueueInput,
} from '@prosa/shared/distribution';
import { zIdParam } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { requireFeatureFlag } from '../feature-flags/feature-flag-state';
import {
  getAttendanceRules,
  getClientWaitingResponse,
  saveAttendanceRules,
  saveClientWaitingResponse,
} from './attendance-rules';
import { getAutoDistConfig, saveAutoDistConfig } from './auto-dist-config';
import { distributionMonitor } from './monitor';
import { setOperatorStatus } from './operator-status';
import { returnToQueue } from './return-to-queue';

const tags = ['distribution'];

export function distributionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ZSaved = z.object({ message: z.string(), config: ZAutoDistConfig });
  const ZQueued = z.object({ message: z.string(), count: z.number() });
  return async (app) => {
    app.get(
      '/api/attendance-rules',
      {
        config: MANAGER,
        schema: { tags, summary: 'Regras de atendimento (segundos)', response: { 200: ZAttendanceRules } },
      },
      async (request) => getAttendanceRules(deps, callerOf(request)),
    );
    app.put(
      '/api/attendance-rules',
      {
        config: needs(MANAGER, 'configuracoes_gerais', 'write'),
        schema: {
          tags,
          summary: 'Salva as regras de atendimento',
          body: ZAttendanceRules,
          response: { 200: z.object({ message: z.string(), rules: ZAttendanceRules }) },
        },
      },
      async (request) => saveAttendanceRules(deps, callerOf(request), request.body),
    );
    app.get(
      '/api/auto-dist/client-waiting-response',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Tempo de espera do cliente (SLA)',
          response: { 200: ZClientWaitingResponse },
        },
      },
      async (request) => getClientWaitingResponse(deps, callerOf(request)),
    );
    app.put(
      '/api/auto-dist/client-waiting-response',
      {
        config: needs(MANAGER, 'configuracoes_gerais', 'write'),
        schema: {
          tags,
          summary: 'Salva o tempo de espera do cliente (SLA)',
          body: ZClientWaitingResponse,
          response: {
            200: z.object({ message: z.string(), client_waiting_response: ZClientWaitingResponse }),
          },
        },
      },
      async (request) => saveClientWaitingResponse(deps, callerOf(request), request.body),
    );
    app.get(
      '/api/distribution/monitor',
      {
        config: needs(MANAGER, 'monitoramento', 'read'),
        schema: { tags, summary: 'Monitoramento da distribuição em tempo real', response: { 200: ZMonitor } },
      },
      async (request) => distributionMonitor(deps, callerOf(request)),
    );

    app.get(
      '/api/auto-dist',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Configuração da distribuição automática',
          response: { 200: ZAutoDistConfig },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        await requireFeatureFlag(deps.db, caller.companyId, 'dist_v2');
        return getAutoDistConfig(deps, caller);
      },
    );
    for (const method of ['post', 'put'] as const) {
      app[method](
        '/api/auto-dist',
        {
          config: needs(MANAGER, 'configuracoes_gerais', 'write'),
          schema: {
            tags,
            summary: 'Salva a distribuição automática',
            body: ZAutoDistInput,
            response: { 200: ZSaved },
          },
        },
        async (request) => {
          const caller = callerOf(request);
          await requireFeatureFlag(deps.db, caller.companyId, 'dist_v2');
          return saveAutoDistConfig(deps, caller, request.body);
        },
      );
    }
    app.post(
      '/api/automaticDistribution/queue',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Devolve atendimentos para a fila',
          body: ZQueueInput,
          response: { 200: ZQueued },
        },
      },
      async (request) =>
        returnToQueue(deps, callerOf(request), {
          ids: request.body.ids,
          sectorId: request.body.sector_id,
          front: request.body.priority_queue === true,
        }),
    );
    app.post(
      '/api/automaticDistribution/front-queue',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Devolve atendimentos para o início da fila',
          body: ZQueueInput,
          response: { 200: ZQueued },
        },
      },
      async (request) =>
        returnToQueue(deps, callerOf(request), {
          ids: request.body.ids,
          sectorId: request.body.sector_id,
          front: true,
        }),
    );
    app.post(
      '/api/users/set-status',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Operador on-line ou off-line (setStatus)',
          body: z.object({
            user_id: zIdParam(),
            status: z.enum(['online', 'offline'], { error: 'Status inválido.' }),
          }),
          response: { 200: ZOperatorStatusResult },
        },
      },
      async (request) =>
        setOperatorStatus(deps, callerOf(request), {
          userId: request.body.user_id,
          status: request.body.status,
        }),
    );
  };
}
