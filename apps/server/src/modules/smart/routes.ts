import { ZIdParam } from '@prosa/shared/company';
import { ZSmartChannel, ZSmartChannelInput } from '@prosa/shared/smart';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import {
  createSmartChannel,
  deleteSmartChannel,
  getSmartChannel,
  listSmartChannels,
  updateSmartChannel,
} from './manage-smart-channels';

const tags = ['smart'];

/** Smart channels (spec 2 §7: create, update, destroy; the list for the screen), managers and up. */
export function smartRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/channels/smart',
      {
        config: MANAGER,
        schema: { tags, summary: 'Canais Smart', response: { 200: z.array(ZSmartChannel) } },
      },
      async (request) => listSmartChannels(deps, callerOf(request)),
    );
    app.get(
      '/api/channels/smart/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Um canal Smart', params: ZIdParam, response: { 200: ZSmartChannel } },
      },
      async (request) => getSmartChannel(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/channels/smart',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Cria canal Smart',
          body: ZSmartChannelInput,
          response: { 200: ZSmartChannel },
        },
      },
      async (request) => createSmartChannel(deps, callerOf(request), request.body),
    );
    app.put(
      '/api/channels/smart/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera canal Smart (token em branco é mantido)',
          params: ZIdParam,
          body: ZSmartChannelInput,
          response: { 200: ZSmartChannel },
        },
      },
      async (request) => updateSmartChannel(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/channels/smart/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Remove canal Smart',
          params: ZIdParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => deleteSmartChannel(deps, callerOf(request), request.params.id),
    );
  };
}
