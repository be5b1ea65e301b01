import { ZMessageOutput } from '@prosa/shared/auth';
import { zIdParam } from '@prosa/shared/ids';
import { DEFAULT_PHRASES, NEGOTIATOR_MSG, ZNegotiator, ZNegotiatorInput } from '@prosa/shared/negotiator';
import {
  NEGOTIATOR_IMAGE_MAX_BYTES,
  NEGOTIATOR_UPLOAD_KEYS,
  ZNegotiatorListQuery,
  ZNegotiatorOptions,
  ZNegotiatorOptionsQuery,
  ZNegotiatorPage,
  ZNegotiatorPhrasesInput,
  ZNegotiatorPhrasesView,
  ZNegotiatorUpload,
} from '@prosa/shared/negotiator-admin';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER, PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { deleteNegotiator } from './delete-negotiator';
import { getNegotiator } from './get-negotiator';
import { listNegotiators } from './list-negotiators';
import { negotiatorOptions } from './negotiator-options';
import { getNegotiatorPhrases, saveNegotiatorPhrases } from './negotiator-phrases';
import { readNegotiatorImage, tooLarge, uploadNegotiatorImage } from './negotiator-upload';
import { requireNegotiatorFeature } from './require-negotiator';
import { createNegotiator, updateNegotiator } from './save-negotiator';

const tags = ['negotiator'];
const ZId = z.object({ id: zIdParam(NEGOTIATOR_MSG.notFound) });

/** The negotiators' administration (spec 3 §4 Negotiator): list, form, phrases, image upload. */
export function negotiatorRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Every call but the public image needs the company's negotiator on (allow.negotiator), else 403.
    app.addHook('preHandler', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access || 'public' in access) return;
      await requireNegotiatorFeature(deps.db, callerOf(request).companyId);
    });

    app.get(
      '/api/negotiators',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Negociadores (25, 50 ou 100 por página; busca por nome)',
          querystring: ZNegotiatorListQuery,
          response: { 200: ZNegotiatorPage },
        },
      },
      async (request) => listNegotiators(deps, callerOf(request), request.query),
    );
    app.get(
      '/api/negotiators/options',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'O que o formulário do negociador oferece (mailings, links, WhatsApp, status)',
          querystring: ZNegotiatorOptionsQuery,
          response: { 200: ZNegotiatorOptions },
        },
      },
      async (request) => negotiatorOptions(deps, callerOf(request), request.query),
    );
    app.get(
      '/api/negotiators/default-phrases',
      {
        config: MANAGER,
        schema: { tags, summary: 'Frases padrão do negociador' },
      },
      async () => DEFAULT_PHRASES,
    );
    app.get(
      '/api/negotiators/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Um negociador', params: ZId, response: { 200: ZNegotiator } },
      },
      async (request) => getNegotiator(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/negotiators',
      {
        config: MANAGER,
        schema: { tags, summary: 'Cria negociador', body: ZNegotiatorInput, response: { 200: ZNegotiator } },
      },
      async (request) => createNegotiator(deps, callerOf(request), request.body),
    );
    app.put(
      '/api/negotiators/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera negociador',
          params: ZId,
          body: ZNegotiatorInput,
          response: { 200: ZNegotiator },
        },
      },
      async (request) => updateNegotiator(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/negotiators/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Exclui negociador', params: ZId, response: { 200: ZMessageOutput } },
      },
      async (request) => deleteNegotiator(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/api/negotiators/:id/phrases',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Frases do negociador (padrão e editadas)',
          params: ZId,
          response: { 200: ZNegotiatorPhrasesView },
        },
      },
      async (request) => getNegotiatorPhrases(deps, callerOf(request), request.params.id),
    );
    app.put(
      '/api/negotiators/:id/phrases',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Salva as frases do negociador',
          params: ZId,
          body: ZNegotiatorPhrasesInput,
          response: { 200: z.object({ message: z.string(), phrases: ZNegotiatorPhrasesView }) },
        },
      },
      async (request) => saveNegotiatorPhrases(deps, callerOf(request), request.params.id, request.body),
    );
    app.post(
      '/api/negotiator-upload',
      {
        config: MANAGER,
        schema: {
          tags,
          summary:
            'Envia imagem do hotsite do negociador (multipart: file, key bgimage ou logo_image; até 2 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: ZNegotiatorUpload },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        let key: string | null = null;
        let upload: { data: Buffer; truncated: boolean } | null = null;
        try {
          for await (const part of request.parts({
            limits: { fileSize: NEGOTIATOR_IMAGE_MAX_BYTES, files: 1, fields: 5 },
          })) {
            if (part.type === 'field') {
              if (part.fieldname === 'key') key = String(part.value);
            } else if (part.fieldname === 'file' && !upload) {
              const data = await part.toBuffer();
              upload = { data, truncated: part.file.truncated };
            } else await part.toBuffer();
          }
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw badRequest(NEGOTIATOR_MSG.uploadFailed);
        }
        if (!upload || (key !== null && !(NEGOTIATOR_UPLOAD_KEYS as readonly string[]).includes(key)))
          throw badRequest(NEGOTIATOR_MSG.uploadFailed);
        return uploadNegotiatorImage(deps, caller, upload);
      },
    );
    // Public: the hotsite shows these images to anyone with its link.
    app.get(
      '/api/negotiator-image/:company/:file',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Imagem do hotsite do negociador',
          params: z.object({ company: zIdParam(), file: z.string().max(40) }),
        },
      },
      async (request, reply) => {
        const image = await readNegotiatorImage(deps, request.params.company, request.params.file);
        reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(image.mime)
          .send(image.data);
      },
    );
  };
}
