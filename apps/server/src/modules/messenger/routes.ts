import { zIdParam } from '@prosa/shared/ids';
import {
  MESSENGER_MSG,
  ZAnswerInternalMessage,
  ZChatMessages,
  ZChatsQuery,
  ZInternalChat,
  ZMessageToManager,
  ZMessengerOperator,
  ZSendInternalMessage,
} from '@prosa/shared/messenger';
import { ROLE } from '@prosa/shared/roles';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import {
  answerChat,
  chatMessages,
  listChats,
  messengerOperators,
  sendInternalMessage,
  unreadCount,
} from './messenger';
import { requireMessenger } from './require-messenger';
import { messengerManagers, sendToManager } from './to-manager';

const tags = ['messenger'];
const ZChatId = z.object({ id: zIdParam(MESSENGER_MSG.chatNotFound) });

/**
 * The internal messenger (issue 20; spec 3 §6, §7): managers and above write to operators, operators read and
 * answer. Every chat belongs to the caller's company and to the caller; anyone else's chat is 404.
 */
export function messengerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Every messenger call needs the company's feature flag (this plugin's routes only).
    app.addHook('preHandler', async (request) => requireMessenger(deps, callerOf(request)));
    app.get(
      '/api/messenger/operators',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Operadores para a mensagem interna',
          response: { 200: z.array(ZMessengerOperator) },
        },
      },
      async (request) => messengerOperators(deps, callerOf(request)),
    );
    app.post(
      '/api/messenger/messages',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Envia uma mensagem interna a operadores',
          body: ZSendInternalMessage,
          response: { 200: z.object({ message: z.string(), chat_ids: z.array(z.number()) }) },
        },
      },
      async (request) => sendInternalMessage(deps, callerOf(request), request.body),
    );
    app.get(
      '/api/messenger/managers',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Gestores para a mensagem interna de um operador',
          response: { 200: z.array(ZMessengerOperator) },
        },
      },
      async (request) => messengerManagers(deps, callerOf(request)),
    );
    app.post(
      '/api/messenger/manager-messages',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'O operador escreve a um gestor',
          body: ZMessageToManager,
          response: { 200: z.object({ message: z.string(), chat_id: z.number() }) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        // Managers write to operators (POST /api/messenger/messages); this is the operators' way in.
        if (caller.role !== ROLE.operator) throw forbidden();
        return sendToManager(deps, caller, request.body);
      },
    );
    app.get(
      '/api/messenger/chats',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Conversas internas do usuário',
          querystring: ZChatsQuery,
          response: { 200: z.array(ZInternalChat) },
        },
      },
      async (request) => listChats(deps, callerOf(request), request.query),
    );
    app.get(
      '/api/messenger/chats/:id/messages',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Mensagens de uma conversa interna (marca como lidas)',
          params: ZChatId,
          response: { 200: ZChatMessages },
        },
      },
      async (request) => chatMessages(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/messenger/chats/:id/answer',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'O operador responde uma conversa interna',
          params: ZChatId,
          body: ZAnswerInternalMessage,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        // Answers are the operators'; a manager writes new messages instead.
        if (caller.role !== ROLE.operator) throw forbidden();
        return answerChat(deps, caller, request.params.id, request.body);
      },
    );
    app.get(
      '/api/messenger/unread',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Mensagens internas não lidas',
          response: { 200: z.object({ unread: z.number() }) },
        },
      },
      async (request) => unreadCount(deps, callerOf(request)),
    );
  };
}
