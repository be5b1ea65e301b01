import { ZIdParam } from '@prosa/shared/company';
import { ZTelegramChannel, ZTelegramChannelInput, ZTelegramChannelPatch } from '@prosa/shared/telegram';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { createTelegramChannel } from './create-telegram-channel';
import { deleteTelegramChannel } from './delete-telegram-channel';
import { getTelegramChannel, listTelegramChannels } from './list-telegram-channels';
import { updateTelegramChannel } from './update-telegram-channel';

const tags = ['telegram'];

/** Telegram bots (generic channel type 1), managers and up, each company its own. */
export function telegramRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/channels/telegram',
      {
        config: MANAGER,
        schema: { tags, summary: 'Canais do Telegram', response: { 200: z.array(ZTelegramChannel) } },
      },
      async (request) => listTelegramChannels(deps, callerOf(request)),
    );
    app.get(
      '/api/channels/telegram/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Um canal do Telegram',
          params: ZIdParam,
          response: { 200: ZTelegramChannel },
        },
      },
      async (request) => getTelegramChannel(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/channels/telegram',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Cria canal (o token é conferido no Telegram)',
          body: ZTelegramChannelInput,
          response: { 200: ZTelegramChannel },
        },
      },
      async (request) => createTelegramChannel(deps, callerOf(request), request.body),
    );
    app.patch(
      '/api/channels/telegram/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera canal (token em branco é mantido)',
          params: ZIdParam,
          body: ZTelegramChannelPatch,
          response: { 200: ZTelegramChannel },
        },
      },
      async (request) => updateTelegramChannel(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/channels/telegram/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Remove canal',
          params: ZIdParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => deleteTelegramChannel(deps, callerOf(request), request.params.id),
    );
  };
}
