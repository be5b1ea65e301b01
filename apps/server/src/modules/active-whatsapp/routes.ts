import { ZIdParam } from '@prosa/shared/company';
import {
  ZActiveMediaUploadResult,
  ZActivePermission,
  ZActivePermissionsInput,
  ZActiveWawebInput,
  ZActiveWhatsappInput,
  ZActiveWhatsappOptions,
  ZSendHsmInput,
  ZTemplateSent,
} from '@prosa/shared/hsm';
import { ZBigIdParams } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { assertMaySendActive } from './active-route';
import { createActiveWhatsapp } from './create-active';
import { createActiveWaweb } from './create-active-waweb';
import { activeWhatsappOptions } from './options';
import { listActivePermissions, setActivePermissions } from './permission';
import { sendHsm } from './send-hsm';
import { totalActiveToday } from './total-today';
import { uploadActiveMedia } from './upload-media';

const tags = ['active-whatsapp'];

export function activeWhatsappRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/active-whatsapp/options',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Canais, setores, responsáveis e modelos do WhatsApp ativo',
          response: { 200: ZActiveWhatsappOptions },
        },
      },
      async (request) => activeWhatsappOptions(deps, callerOf(request)),
    );

    app.get(
      '/api/active-whatsapp/permissions',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Operadores com permissão de envio ativo pelo painel',
          response: { 200: z.array(ZActivePermission) },
        },
      },
      async (request) => listActivePermissions(deps.db, callerOf(request).companyId),
    );

    app.put(
      '/api/active-whatsapp/permissions',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Concede ou retira a permissão de envio ativo de vários operadores de uma vez',
          body: ZActivePermissionsInput,
          response: { 200: z.array(ZActivePermission) },
        },
      },
      async (request) => {
        const { companyId } = callerOf(request);
        await setActivePermissions(deps.db, companyId, request.body.permissions);
        return listActivePermissions(deps.db, companyId);
      },
    );

    app.post(
      '/api/create-active-whatsapp-enterprise/:id',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Inicia um atendimento WhatsApp Enterprise com um modelo (HSM)',
          params: ZIdParam,
          body: ZActiveWhatsappInput,
          response: { 200: ZTemplateSent },
        },
      },
      async (request) => createActiveWhatsapp(deps, callerOf(request), request.params.id, request.body),
    );

    app.post(
      '/api/create-active-whatsapp/:id',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Inicia um atendimento por um número de WhatsApp por QR code, com uma mensagem livre',
          params: ZIdParam,
          body: ZActiveWawebInput,
          response: { 200: ZTemplateSent },
        },
      },
      async (request) => createActiveWaweb(deps, callerOf(request), request.params.id, request.body),
    );

    app.post(
      '/api/active-waweb-upload',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary:
            'Arquivo do WhatsApp ativo por QR code (multipart: file; até 2MB; BMP, GIF, JPG, MP4, PDF, PNG)',
          consumes: ['multipart/form-data'],
          response: { 200: ZActiveMediaUploadResult },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        await assertMaySendActive(deps.db, caller);
        return uploadActiveMedia(deps, caller.companyId, request);
      },
    );

    app.get(
      '/api/get-total-active-sent-day',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Ativos de WhatsApp enviados hoje pela empresa',
          response: { 200: z.object({ total: z.number() }) },
        },
      },
      async (request) => ({ total: await totalActiveToday(deps.db, callerOf(request).companyId) }),
    );

    app.post(
      '/api/attendances/:id/send-hsm',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Envia um modelo (HSM) num atendimento WhatsApp Enterprise aberto',
          params: ZBigIdParams,
          body: ZSendHsmInput,
          response: { 200: ZTemplateSent },
        },
      },
      async (request) => sendHsm(deps, callerOf(request), request.params.id, request.body),
    );
  };
}
