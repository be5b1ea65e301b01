import {
  ZChannel,
  ZChannelListQuery,
  ZChannelPage,
  ZChannelPageQuery,
  ZChannelPatch,
} from '@prosa/shared/channel-admin';
import { ZIdParam } from '@prosa/shared/company';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps } from '../../platform/deps';
import { getChannel } from './get-channel';
import { listChannelPage } from './list-channel-page';
import { listChannels } from './list-channels';
import { updateChannel } from './update-channel';

const tags = ['channels'];

// Spec 2 §7, channels of every kind. Managers and up; the module permission is the one of each channel's kind
// (channel-access.ts). Fastify matches static segments first, so /api/channels/waent (its own module),
// /company/:id and /paged are never taken for an id.
export function channelRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/channels',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Canais da empresa, de todos os tipos (available=true: só os que podem ser usados agora)',
          querystring: ZChannelListQuery,
          response: { 200: z.array(ZChannel) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        return listChannels(deps, { caller, companyId: caller.companyId }, request.query);
      },
    );

    app.get(
      '/api/channels/company/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Canais de uma empresa que o usuário administra',
          params: ZIdParam,
          querystring: ZChannelListQuery,
          response: { 200: z.array(ZChannel) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const companyId = await companyScope(deps.db, caller, request.params.id);
        return listChannels(deps, { caller, companyId }, request.query);
      },
    );

    app.get(
      '/api/channels/paged',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Canais da empresa, paginados (300 por página)',
          querystring: ZChannelPageQuery,
          response: { 200: ZChannelPage },
        },
      },
      async (request) => listChannelPage(deps, callerOf(request), request.query),
    );

    app.get(
      '/api/channels/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Um canal', params: ZIdParam, response: { 200: ZChannel } },
      },
      async (request) => getChannel(deps, callerOf(request), request.params.id),
    );

    app.patch(
      '/api/channels/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera gatilhos usados, setor padrão, mensagem de status ou imagem de perfil',
          params: ZIdParam,
          body: ZChannelPatch,
          response: { 200: ZChannel },
        },
      },
      async (request) => updateChannel(deps, callerOf(request), request.params.id, request.body),
    );
  };
}
