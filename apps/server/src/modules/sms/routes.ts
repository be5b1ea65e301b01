import { ZIdParam } from '@prosa/shared/company';
import { ZSmsApiKey, ZSmsChannel, ZSmsChannelInput } from '@prosa/shared/sms';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import {
  createSmsChannel,
  deleteSmsChannel,
  getSmsApiKey,
  getSmsChannel,
  listSmsChannels,
  updateSmsChannel,
} from './manage-sms-channels';

const tags = ['sms'];

/** SMS channels (spec 2 §7: CRUD, get_api_key), managers and up, each company its own. */
export function smsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/channels/sms',
      { config: MANAGER, schema: { tags, summary: 'Canais SMS', response: { 200: z.array(ZSmsChannel) } } },
      async (request) => listSmsChannels(deps, callerOf(request)),
    );
    app.get(
      '/api/channels/sms/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Um canal SMS', params: ZIdParam, response: { 200: ZSmsChannel } },
      },
      async (request) => getSmsChannel(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/api/channels/sms/:id/api-key',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'get_api_key: URL do webhook e chave para o painel do broker',
          params: ZIdParam,
          response: { 200: ZSmsApiKey },
        },
      },
      async (request) => getSmsApiKey(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/channels/sms',
      {
        config: MANAGER,
        schema: { tags, summary: 'Cria canal SMS', body: ZSmsChannelInput, response: { 200: ZSmsChannel } },
      },
      async (request) => createSmsChannel(deps, callerOf(request), request.body),
    );
    app.put(
      '/api/channels/sms/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera canal SMS (credencial em branco é mantida)',
          params: ZIdParam,
          body: ZSmsChannelInput,
          response: { 200: ZSmsChannel },
        },
      },
      async (request) => updateSmsChannel(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/channels/sms/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Remove canal SMS',
          params: ZIdParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => deleteSmsChannel(deps, callerOf(request), request.params.id),
    );
  };
}
