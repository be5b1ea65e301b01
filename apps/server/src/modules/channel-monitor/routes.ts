import { ZMonitorData } from '@prosa/shared/channel-monitor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getMonitorData } from './get-monitor-data';

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
  };
}
