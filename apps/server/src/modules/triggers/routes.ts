import { zIdParam } from '@prosa/shared/ids';
import {
  TRIGGER_MSG,
  ZChannelTriggers,
  ZCopyTriggersBody,
  ZCreateTriggerBody,
  ZSaveOtherTriggerBody,
  ZSaveTextTriggersBody,
  ZSaveTriggerOrderBody,
  ZTextTrigger,
  ZTriggerImageAnswer,
  ZTriggerListItem,
  ZUpdateTriggerBody,
  ZUseTriggersFromBody,
} from '@prosa/shared/triggers';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { channelById, channelTarget } from './channel-target';
import { copyTriggers, saveOtherTrigger, useTriggersFrom } from './manage-other-triggers';
import {
  createTrigger,
  deleteTrigger,
  readChannelTriggers,
  saveTextTriggers,
  saveTriggerOrder,
  updateTrigger,
} from './manage-text-triggers';
import { toListItem } from './present';
import { listCompanyTriggers } from './repository';
import { uploadTriggerImage } from './upload-trigger-image';

// Triggers (spec 2 §7 Channels and Triggers): managers and above, the caller's company's channels only.

const tags = ['triggers'];
const ZTypeParams = z.object({
  type: z.string().max(40),
  id: zIdParam(TRIGGER_MSG.channelNotFound),
});
const ZTriggerIdParams = z.object({ id: zIdParam(TRIGGER_MSG.notFound) });
const ZDeleted = z.object({ success: z.literal(true) });

export function triggerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/channels/get-triggers/:type/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary:
            'Gatilhos do canal: os de texto em ordem, os outros tipos e de qual canal ele usa os gatilhos',
          params: ZTypeParams,
          response: { 200: ZChannelTriggers },
        },
      },
      async (request) => {
        const { type, id } = request.params;
        return readChannelTriggers(deps, await channelTarget(deps, callerOf(request), type, id, 'read'));
      },
    );

    app.post(
      '/api/channels/save-triggers-text/:type/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Salva gatilhos de texto do canal (sem id: cria no fim da lista; com id: altera)',
          params: ZTypeParams,
          body: ZSaveTextTriggersBody,
          response: { 200: ZChannelTriggers },
        },
      },
      async (request) => {
        const { type, id } = request.params;
        return saveTextTriggers(
          deps,
          await channelTarget(deps, callerOf(request), type, id, 'write'),
          request.body,
        );
      },
    );

    app.post(
      '/api/channels/save-other-triggers/:type/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Salva (ou remove, com active false) um dos outros tipos de gatilho do canal',
          params: ZTypeParams,
          body: ZSaveOtherTriggerBody,
          response: { 200: ZChannelTriggers },
        },
      },
      async (request) => {
        const { type, id } = request.params;
        return saveOtherTrigger(
          deps,
          await channelTarget(deps, callerOf(request), type, id, 'write'),
          request.body,
        );
      },
    );

    app.post(
      '/api/channels/save-trigger-order/:type/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Salva a ordem dos gatilhos de texto (todos os do canal, cada um uma vez)',
          params: ZTypeParams,
          body: ZSaveTriggerOrderBody,
          response: { 200: ZChannelTriggers },
        },
      },
      async (request) => {
        const { type, id } = request.params;
        const target = await channelTarget(deps, callerOf(request), type, id, 'write');
        return saveTriggerOrder(deps, target, request.body.ids);
      },
    );

    app.post(
      '/api/channels/use-triggers-from/:type/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'O canal usa os gatilhos de outro canal (channel_id) ou os próprios (null)',
          params: ZTypeParams,
          body: ZUseTriggersFromBody,
          response: { 200: ZChannelTriggers },
        },
      },
      async (request) => {
        const { type, id } = request.params;
        const target = await channelTarget(deps, callerOf(request), type, id, 'write');
        return useTriggersFrom(deps, target, request.body.channel_id);
      },
    );

    app.post(
      '/api/channels/delete-trigger/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Remove um gatilho', params: ZTriggerIdParams, response: { 200: ZDeleted } },
      },
      async (request) => deleteTrigger(deps, callerOf(request), request.params.id),
    );

    app.patch(
      '/api/triggers/copy-triggers',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Copia todos os gatilhos do canal from para o canal to (substitui os de to)',
          body: ZCopyTriggersBody,
          response: { 200: z.object({ success: z.literal(true), copied: z.number() }) },
        },
      },
      async (request) => copyTriggers(deps, callerOf(request), request.body),
    );

    app.get(
      '/api/triggers',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Gatilhos da empresa (de um canal, com channel_id)',
          querystring: z.object({ channel_id: zIdParam(TRIGGER_MSG.channelNotFound).optional() }),
          response: { 200: z.array(ZTriggerListItem) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const channelId = request.query.channel_id;
        if (channelId !== undefined) await channelById(deps, caller, channelId, 'read');
        const rows = await listCompanyTriggers(deps.db, caller.companyId, channelId);
        return rows.map((r) => toListItem(deps, r));
      },
    );

    app.post(
      '/api/triggers',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Cria um gatilho de texto (triggerable_id, triggerable_type, name, trigger_text, actions)',
          body: ZCreateTriggerBody,
          response: { 200: ZTextTrigger },
        },
      },
      async (request) => createTrigger(deps, callerOf(request), request.body),
    );

    app.patch(
      '/api/triggers/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera um gatilho de texto',
          params: ZTriggerIdParams,
          body: ZUpdateTriggerBody,
          response: { 200: ZTextTrigger },
        },
      },
      async (request) => updateTrigger(deps, callerOf(request), request.params.id, request.body),
    );

    // The spec's delete: POST with _method DELETE.
    app.post(
      '/api/triggers/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Remove um gatilho (_method DELETE)',
          params: ZTriggerIdParams,
          body: z.object({ _method: z.string().max(10) }),
          response: { 200: ZDeleted },
        },
      },
      async (request) => {
        if (request.body._method.toUpperCase() !== 'DELETE')
          throw badRequest('Método inválido: use _method DELETE.');
        return deleteTrigger(deps, callerOf(request), request.params.id);
      },
    );

    app.post(
      '/api/channel/trigger_image',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Imagem de uma ação de gatilho (multipart: channel_id, channel_type, file)',
          consumes: ['multipart/form-data'],
          response: { 200: ZTriggerImageAnswer },
        },
      },
      async (request) => uploadTriggerImage(deps, callerOf(request), request),
    );
  };
}
