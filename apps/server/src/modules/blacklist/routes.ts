import {
  BLACKLIST_MSG,
  ZApproveInput,
  ZAttendanceBlockInput,
  ZBlacklistAccess,
  ZBlacklistResult,
  ZBlockChannels,
  ZBlockDetails,
  ZBlockedPage,
  ZBlockedQuery,
  ZBlockInput,
  ZDenyInput,
  ZReasonInput,
  ZSuggestionPage,
  ZSuggestionsQuery,
  ZUnblockInput,
} from '@prosa/shared/blacklist';
import { zIdParam } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { blacklistAccess } from './access';
import {
  blockAgain,
  blockChannels,
  blockContact,
  blockDetails,
  listBlockedContacts,
  unblockContact,
} from './manage-blocks';
import {
  approveSuggestion,
  blockFromAttendance,
  denySuggestion,
  pendingSuggestions,
  suggestBlock,
  suggestionsPage,
} from './suggestions';

const tags = ['blacklist'];
const ZBlockedId = z.object({ id: zIdParam(BLACKLIST_MSG.notFound) });
const ZSuggestionId = z.object({ id: zIdParam(BLACKLIST_MSG.suggestionNotFound) });
const result = { 200: ZBlacklistResult };

/**
 * The blacklist and block suggestions (spec 3 §2, §5, §6, §7): the company's blacklist must be on; the screens
 * need manager and the module permissions (lista_de_bloqueio, sugestoes_de_bloqueio); operators suggest from the
 * chat when blacklist.suggest is on; a lord (1000) also blocks from the chat. Always the caller's company.
 */
export function blacklistRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/blacklist/access',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'O que o usuário pode fazer com a lista de bloqueio',
          response: { 200: ZBlacklistAccess },
        },
      },
      async (request) => {
        const { statusId: _statusId, ...access } = await blacklistAccess(deps.db, callerOf(request));
        return access;
      },
    );

    app.get(
      '/api/blacklist',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Contatos bloqueados (página, quantidade e filtros)',
          querystring: ZBlockedQuery,
          response: { 200: ZBlockedPage },
        },
      },
      async (request) => listBlockedContacts(deps, callerOf(request), request.query),
    );

    app.get(
      '/api/blacklist/channels',
      {
        config: MANAGER,
        schema: { tags, summary: 'Tipos de canal e canais para bloquear', response: { 200: ZBlockChannels } },
      },
      async (request) => blockChannels(deps, callerOf(request)),
    );

    app.post(
      '/api/blacklist',
      {
        config: MANAGER,
        schema: { tags, summary: 'Bloqueia um contato', body: ZBlockInput, response: result },
      },
      async (request) => blockContact(deps, callerOf(request), request.body),
    );

    app.get(
      '/api/blacklist/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Detalhes do contato bloqueado e seu histórico',
          params: ZBlockedId,
          response: { 200: ZBlockDetails },
        },
      },
      async (request) => blockDetails(deps, callerOf(request), request.params.id),
    );

    app.post(
      '/api/blacklist/:id/block-again',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Bloqueia novamente',
          params: ZBlockedId,
          body: ZReasonInput,
          response: result,
        },
      },
      async (request) => blockAgain(deps, callerOf(request), request.params.id, request.body),
    );

    app.post(
      '/api/blacklist/:id/unblock',
      {
        config: MANAGER,
        schema: { tags, summary: 'Desbloqueia', params: ZBlockedId, body: ZUnblockInput, response: result },
      },
      async (request) => unblockContact(deps, callerOf(request), request.params.id, request.body),
    );

    app.post(
      '/api/blacklist/attendance-block',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Bloqueia o contato de um atendimento (função 1000)',
          body: ZAttendanceBlockInput,
          response: result,
        },
      },
      async (request) => blockFromAttendance(deps, callerOf(request), request.body),
    );

    app.get(
      '/api/block-suggestions/count',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Quantidade de sugestões de bloqueio pendentes',
          response: { 200: z.object({ pending: z.number() }) },
        },
      },
      async (request) => pendingSuggestions(deps, callerOf(request)),
    );

    app.get(
      '/api/block-suggestions',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Sugestões de bloqueio (pendentes ou decididas)',
          querystring: ZSuggestionsQuery,
          response: { 200: ZSuggestionPage },
        },
      },
      async (request) => suggestionsPage(deps, callerOf(request), request.query),
    );

    app.post(
      '/api/block-suggestions',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Sugere o bloqueio do contato de um atendimento',
          body: ZAttendanceBlockInput,
          response: result,
        },
      },
      async (request) => suggestBlock(deps, callerOf(request), request.body),
    );

    app.post(
      '/api/block-suggestions/:id/approve',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Aprova a sugestão (bloqueia o contato)',
          params: ZSuggestionId,
          body: ZApproveInput,
          response: result,
        },
      },
      async (request) => approveSuggestion(deps, callerOf(request), request.params.id, request.body),
    );

    app.post(
      '/api/block-suggestions/:id/deny',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Reprova a sugestão',
          params: ZSuggestionId,
          body: ZDenyInput,
          response: result,
        },
      },
      async (request) => denySuggestion(deps, callerOf(request), request.params.id, request.body),
    );
  };
}
