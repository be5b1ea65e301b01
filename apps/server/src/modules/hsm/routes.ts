import { ZIdParam } from '@prosa/shared/company';
import { ZHsm, ZHsmFormOptions, ZHsmInput, ZHsmSyncResult, ZHsmUploadResult } from '@prosa/shared/hsm';
import { zId } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { hsmFormOptions } from './form-options';
import { toHsm } from './present';
import { companiesOf, findVisibleTemplate, listVisibleTemplates } from './repository';
import { createHsm, deleteHsm, updateHsm } from './save-hsm';
import { syncTemplates } from './sync-templates';
import { uploadHsmMedia } from './upload-hsm-media';

const tags = ['hsm'];
const READ = needs(MANAGER, 'modelos_hsm', 'read');
const WRITE = needs(MANAGER, 'modelos_hsm', 'write');
const ZOk = z.object({ ok: z.boolean() });

export function hsmRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/hsm',
      {
        config: READ,
        schema: { tags, summary: 'Modelos (HSM) da empresa', response: { 200: z.array(ZHsm) } },
      },
      async (request) => {
        const caller = callerOf(request);
        const rows = await listVisibleTemplates(deps.db, caller.companyId);
        const lists = await companiesOf(
          deps.db,
          rows.map((r) => r.id),
        );
        return rows.map((r) => toHsm(r, lists.get(r.id) ?? [], caller, deps.storage));
      },
    );

    app.get(
      '/api/hsm/form-options',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Empresas que o usuário pode escolher e canais WhatsApp Enterprise para sincronizar',
          response: { 200: ZHsmFormOptions },
        },
      },
      async (request) => {
        return hsmFormOptions(deps, callerOf(request));
      },
    );

    app.get(
      '/api/hsm/:id',
      {
        config: READ,
        schema: { tags, summary: 'Um modelo (HSM)', params: ZIdParam, response: { 200: ZHsm } },
      },
      async (request) => {
        const caller = callerOf(request);
        const row = await findVisibleTemplate(deps.db, caller.companyId, request.params.id);
        if (!row) throw notFound();
        const lists = await companiesOf(deps.db, [row.id]);
        return toHsm(row, lists.get(row.id) ?? [], caller, deps.storage);
      },
    );

    app.post(
      '/api/hsm',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Cria um modelo (HSM)',
          body: ZHsmInput,
          response: { 200: z.object({ id: z.number() }) },
        },
      },
      async (request) => ({ id: await createHsm(deps, callerOf(request), request.body) }),
    );

    app.patch(
      '/api/hsm/:id',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Altera um modelo (HSM)',
          params: ZIdParam,
          body: ZHsmInput,
          response: { 200: ZOk },
        },
      },
      async (request) => {
        await updateHsm(deps, callerOf(request), request.params.id, request.body);
        return { ok: true };
      },
    );

    app.delete(
      '/api/hsm/:id',
      {
        config: WRITE,
        schema: { tags, summary: 'Remove um modelo (HSM)', params: ZIdParam, response: { 200: ZOk } },
      },
      async (request) => {
        await deleteHsm(deps, callerOf(request), request.params.id);
        return { ok: true };
      },
    );

    app.post(
      '/api/hsm/sync',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Sincroniza os modelos com a lista da WABA do canal (Meta)',
          body: z.object({ channel_id: zId() }),
          response: { 200: ZHsmSyncResult },
        },
      },
      async (request) => syncTemplates(deps, callerOf(request), request.body.channel_id),
    );

    app.post(
      '/api/hsm-upload',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Mídia do cabeçalho do modelo (multipart: header_type, file)',
          consumes: ['multipart/form-data'],
          response: { 200: ZHsmUploadResult },
        },
      },
      async (request) => uploadHsmMedia(deps, callerOf(request).companyId, request),
    );
  };
}
