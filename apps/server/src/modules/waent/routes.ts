import { ZIdParam } from '@prosa/shared/company';
import { ZWaentChannel, ZWaentChannelInput, ZWaentChannelPatch } from '@prosa/shared/waent';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import {
  createChannel,
  deleteChannel,
  getChannel,
  listCompanyChannels,
  updateChannel,
} from './manage-channels';

const tags = ['whatsapp-enterprise'];

export function waentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/channels/waent',
      {
        config: needs(MANAGER, 'whatsapp', 'read'),
        schema: { tags, summary: 'Canais WhatsApp Enterprise', response: { 200: z.array(ZWaentChannel) } },
      },
      async (request) => listCompanyChannels(deps, callerOf(request)),
    );
    app.get(
      '/api/channels/waent/:id',
      {
        config: needs(MANAGER, 'whatsapp', 'read'),
        schema: { tags, summary: 'Um canal', params: ZIdParam, response: { 200: ZWaentChannel } },
      },
      async (request) => getChannel(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/channels/waent',
      {
        config: needs(MANAGER, 'whatsapp', 'write'),
        schema: { tags, summary: 'Cria canal', body: ZWaentChannelInput, response: { 200: ZWaentChannel } },
      },
      async (request) => createChannel(deps, callerOf(request), request.body),
    );
    app.patch(
      '/api/channels/waent/:id',
      {
        config: needs(MANAGER, 'whatsapp', 'write'),
        schema: {
          tags,
          summary: 'Altera canal (segredos em branco são mantidos)',
          params: ZIdParam,
          body: ZWaentChannelPatch,
          response: { 200: ZWaentChannel },
        },
      },
      async (request) => updateChannel(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/channels/waent/:id',
      {
        config: needs(MANAGER, 'whatsapp', 'write'),
        schema: {
          tags,
          summary: 'Remove canal',
          params: ZIdParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => deleteChannel(deps, callerOf(request), request.params.id),
    );
  };
}
