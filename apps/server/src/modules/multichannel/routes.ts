import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ZMessageOutput } from '@prosa/shared/auth';
import { zIdParam } from '@prosa/shared/ids';
import { ERROR_CODE } from '@prosa/shared/messages';
import {
  MULTICHANNEL_LOGO_MAX_BYTES,
  MULTICHANNEL_MSG,
  ZMultichannel,
  ZMultichannelInput,
  ZMultichannelListQuery,
  ZMultichannelOption,
  ZMultichannelPage,
  ZMultichannelPublic,
} from '@prosa/shared/multichannel';
import { z } from '@prosa/shared/zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER, PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { HOTSITE_SCRIPT, HOTSITE_SCRIPT_PATH, notFoundPage } from './hotsite-page';
import { readLinkLogo, uploadLinkLogo } from './link-logo';
import { linkableChannels } from './linkable-channels';
import {
  createMultichannel,
  deleteMultichannel,
  getMultichannel,
  listMultichannels,
  updateMultichannel,
} from './manage-links';
import { publicLink, renderHotsite } from './public-link';
import { findLinkByHash } from './repository';

const tags = ['multichannel'];
const ZId = z.object({ id: zIdParam(MULTICHANNEL_MSG.notFound) });
// Any text: an unknown or malformed hash is the same 404 "Multicanal não encontrado.".
const ZHash = z.object({ hash: z.string().max(300) });

/** Read by customer sites (script tag, fetch, image): any origin, no cookies. */
function crossOrigin(reply: FastifyReply) {
  reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
  reply.header('access-control-allow-origin', '*');
}

export function multichannelRoutes(deps: AppDeps, opts: { widgetFile?: string } = {}): FastifyPluginAsyncZod {
  const widgetFile = opts.widgetFile ?? defaultMultichannelWidgetFile();
  return async (app) => {
    app.get(
      '/api/multichannel',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Links multicanal (50 por página, busca por nome)',
          querystring: ZMultichannelListQuery,
          response: { 200: ZMultichannelPage },
        },
      },
      async (request) => listMultichannels(deps, callerOf(request), request.query),
    );
    app.get(
      '/api/multichannel/channels',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Canais da empresa que um link pode mostrar',
          response: { 200: z.array(ZMultichannelOption) },
        },
      },
      async (request) => linkableChannels(deps.db, callerOf(request).companyId),
    );
    app.get(
      '/api/multichannel/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Um link multicanal', params: ZId, response: { 200: ZMultichannel } },
      },
      async (request) => getMultichannel(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/multichannel',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Cria link multicanal',
          body: ZMultichannelInput,
          response: { 200: ZMultichannel },
        },
      },
      async (request) => createMultichannel(deps, callerOf(request), request.body),
    );
    app.put(
      '/api/multichannel/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera link multicanal',
          params: ZId,
          body: ZMultichannelInput,
          response: { 200: ZMultichannel },
        },
      },
      async (request) => updateMultichannel(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/multichannel/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Remove link multicanal', params: ZId, response: { 200: ZMessageOutput } },
      },
      async (request) => deleteMultichannel(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/multichannel-upload',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Envia o logo do widget multicanal (multipart: file; até 2 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ success: z.boolean(), url: z.string() }) },
        },
      },
      async (request) => {
        const part = await request
          .file({ limits: { fileSize: MULTICHANNEL_LOGO_MAX_BYTES, files: 1 } })
          .catch(() => undefined);
        if (!part) throw badRequest(MULTICHANNEL_MSG.uploadFailed);
        const data = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(ERROR_CODE.validation, MULTICHANNEL_MSG.logoTooLarge, 413);
          throw badRequest(MULTICHANNEL_MSG.uploadFailed);
        });
        return uploadLinkLogo(deps, callerOf(request), {
          name: part.filename,
          data,
          truncated: part.file.truncated,
        });
      },
    );

    // Public: the hotsite, its script, the widget's data, script and logo.
    app.get(
      '/api/multichannel/public/:hash',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'O que o hotsite mostra (widget)',
          params: ZHash,
          response: { 200: ZMultichannelPublic },
        },
      },
      async (request, reply) => {
        crossOrigin(reply);
        return publicLink(deps, request.params.hash);
      },
    );
    app.get(
      '/api/multichannel/logo/:company/:file',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Logo do widget multicanal',
          params: z.object({ company: zIdParam(), file: z.string().max(40) }),
        },
      },
      async (request, reply) => {
        const logo = await readLinkLogo(deps, request.params.company, request.params.file);
        crossOrigin(reply);
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(logo.mime)
          .send(logo.data);
      },
    );
    app.get(HOTSITE_SCRIPT_PATH, { config: PUBLIC }, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=300')
        .type('application/javascript; charset=utf-8')
        .send(HOTSITE_SCRIPT),
    );
    app.get('/hotsite/:hash', { config: PUBLIC }, async (request, reply) => {
      const hash = String((request.params as { hash: string }).hash);
      const html = await renderHotsite(deps, hash);
      return reply
        .code(html ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html ?? notFoundPage());
    });
    // The one <script> a customer site adds.
    app.get('/multichannel/:file', { config: PUBLIC }, async (request, reply) => {
      const file = String((request.params as { file: string }).file);
      const hash = /^([A-Za-z0-9_-]{8,64})\.js$/.exec(file)?.[1];
      if (!hash || !(await findLinkByHash(deps.db, hash)))
        return reply.code(404).type('text/plain').send('// Multicanal não encontrado.');
      if (!existsSync(widgetFile)) return reply.code(503).type('text/plain').send('// widget não compilado');
      const boot = `window.__PROSA_MULTICHANNEL__=${JSON.stringify({ hash })};\n`;
      crossOrigin(reply);
      return reply
        .header('cache-control', 'no-cache')
        .type('application/javascript; charset=utf-8')
        .send(boot + readFileSync(widgetFile, 'utf8'));
    });
  };
}

export function defaultMultichannelWidgetFile(): string {
  return resolve('apps/widget/dist/prosa-multichannel.js');
}
