import {
  ZBreakdownInput,
  ZBreakdownOutput,
  ZBreakdownParams,
  ZMonitorData,
} from '@prosa/shared/channel-monitor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getMonitorData } from './get-monitor-data';
import { setChannelBreakdown } from './set-breakdown';

export function channelMonitorRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/monitor/get-data',
      {
        config: needs(MANAGER, 'whatsapp', 'read'),
        schema: {
          tags: ['monitor'],
          summary: 'Monitor de canais: números de WhatsApp (QR) e servidores de canais',
          response: { 200: ZMonitorData },
        },
      },
      async (request) => getMonitorData(deps, callerOf(request)),
    );

    app.post(
      '/api/monitor/channels/:id/breakdown',
      {
        config: needs(MANAGER, 'whatsapp', 'write'),
        schema: {
          tags: ['monitor'],
          summary: 'Marca ou encerra a pane de um número (o Monitor deixa de alertar por ele)',
          params: ZBreakdownParams,
          body: ZBreakdownInput,
          response: { 200: ZBreakdownOutput },
        },
      },
      async (request) =>
        setChannelBreakdown(deps, callerOf(request), {
          channelId: request.params.id,
          active: request.body.active,
        }),
    );
  };
}
