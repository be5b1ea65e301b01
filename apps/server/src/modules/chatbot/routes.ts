import { ZUploadResult } from '@prosa/shared/attachments';
import {
  CHATBOT_API,
  CHATBOT_MSG,
  ZCanTransfer,
  ZCanTransferQuery,
  ZChatbotConfigQuery,
  ZChatbotConfigs,
  ZFlow,
  ZFlowChannelParams,
  ZFlowIdParams,
  ZFlowInput,
  ZFlowList,
  ZFlowListQuery,
  ZFlowOptions,
  ZFlowSaved,
  ZLinkedChannel,
  ZTransferToChatbotAnswer,
  ZTransferToChatbotInput,
} from '@prosa/shared/chatbot';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { readUpload } from '../attachments/read-upload';
import { storeFlowMedia } from './flow-media';
import {
  chatbotConfigs,
  createFlow,
  deleteFlow,
  flowOptions,
  getFlow,
  linkFlowChannel,
  listFlows,
  unlinkFlowChannel,
  updateFlow,
} from './manage-flows';
import { canTransferToChatbot, transferToChatbot } from './transfer-to-chatbot';

const tags = ['chatbot'];
const ZMessage = z.object({ message: z.string() });

/** Chatbot flows (spec 2 §7 Chatbot; manager and above, the caller's company) and the transfer to the chatbot. */
export function chatbotRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const who = (request: Parameters<typeof callerOf>[0]) => {
      const c = callerOf(request);
      return { companyId: c.companyId, userId: c.userId };
    };

    app.get(
      CHATBOT_API.flows,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Fluxos de chatbot (paginado)',
          querystring: ZFlowListQuery,
          response: { 200: ZFlowList },
        },
      },
      async (request) => listFlows(deps, who(request), request.query.page),
    );

    app.get(
      '/api/chatbot/flows/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Um fluxo com seu desenho',
          params: ZFlowIdParams,
          response: { 200: ZFlow },
        },
      },
      async (request) => getFlow(deps, who(request), request.params.id),
    );

    app.post(
      CHATBOT_API.flows,
      {
        config: MANAGER,
        schema: { tags, summary: 'Cria fluxo', body: ZFlowInput, response: { 200: ZFlowSaved } },
      },
      async (request) => createFlow(deps, who(request), request.body),
    );

    app.put(
      '/api/chatbot/flows/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Salva o fluxo (update flow); a versão sobe',
          params: ZFlowIdParams,
          body: ZFlowInput,
          response: { 200: ZFlowSaved },
        },
      },
      async (request) => updateFlow(deps, who(request), request.params.id, request.body),
    );

    app.delete(
      '/api/chatbot/flows/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Exclui fluxo', params: ZFlowIdParams, response: { 200: ZMessage } },
      },
      async (request) => deleteFlow(deps, who(request), request.params.id),
    );

    app.put(
      '/api/chatbot/flows/:id/channels',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Vincula um canal ao fluxo (um canal de outro fluxo é movido)',
          params: ZFlowIdParams,
          body: ZLinkedChannel,
          response: { 200: ZFlowSaved },
        },
      },
      async (request) => linkFlowChannel(deps, who(request), request.params.id, request.body),
    );

    app.delete(
      '/api/chatbot/flows/:id/channels/:channelId',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Desvincula um canal do fluxo',
          params: ZFlowChannelParams,
          response: { 200: ZFlowSaved },
        },
      },
      async (request) => unlinkFlowChannel(deps, who(request), request.params.id, request.params.channelId),
    );

    app.get(
      CHATBOT_API.options,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Canais, setores, operadores, status e campos para o editor',
          response: { 200: ZFlowOptions },
        },
      },
      async (request) => flowOptions(deps, who(request)),
    );

    app.post(
      CHATBOT_API.media,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Envia a mídia de um nó de mensagem (multipart: file). BMP, GIF, JPG, MP4, PDF, PNG',
          consumes: ['multipart/form-data'],
          response: { 200: ZUploadResult },
        },
      },
      async (request) => {
        const caller = who(request);
        const upload = await readUpload(request);
        return storeFlowMedia(deps, caller.companyId, upload);
      },
    );

    app.get(
      CHATBOT_API.configs,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Configuração de chatbot (paginado)',
          querystring: ZChatbotConfigQuery,
          response: { 200: ZChatbotConfigs },
        },
      },
      async (request) => chatbotConfigs(deps, who(request)),
    );

    // Spec 1: the chat's "transfer to the chatbot" (any operator who sees the attendance).
    app.get(
      CHATBOT_API.canTransfer,
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'O canal do atendimento tem BOT vinculado?',
          querystring: ZCanTransferQuery,
          response: { 200: ZCanTransfer },
        },
      },
      async (request) => canTransferToChatbot(deps, callerOf(request), request.query),
    );

    app.post(
      CHATBOT_API.toChatbot,
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: CHATBOT_MSG.transferred,
          body: ZTransferToChatbotInput,
          response: { 200: ZTransferToChatbotAnswer },
        },
      },
      async (request) => transferToChatbot(deps, callerOf(request), request.body),
    );
  };
}
