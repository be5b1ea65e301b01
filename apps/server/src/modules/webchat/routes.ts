import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ZUploadResult } from '@prosa/shared/attachments';
import { ZMessageOutput } from '@prosa/shared/auth';
import { ZIdParam } from '@prosa/shared/company';
import { ERROR_CODE } from '@prosa/shared/messages';
import {
  WEBCHAT_LOGO_MAX_BYTES,
  WEBCHAT_MSG,
  ZVisitorMessage,
  ZVisitorSendInput,
  ZVisitorStartInput,
  ZVisitorState,
  ZWebchat,
  ZWebchatInput,
  ZWebchatPublicConfig,
} from '@prosa/shared/webchat';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER, needs, PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { readUpload } from '../attachments/read-upload';
import { demoPage } from './demo-page';
import {
  createWebchat,
  deleteWebchat,
  getWebchat,
  listCompanyWebchats,
  updateWebchat,
} from './manage-webchats';
import { findWebchatByCode } from './repository';
import { publicConfig, startVisitor, visitorSend, visitorState, visitorUpload } from './visitor';
import { deleteWebchatLogo, readWebchatLogo, uploadWebchatLogo } from './webchat-logo';

const tags = ['webchat'];
const ZCode = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{4,40}$/, { error: 'Web chat não encontrado.' }),
});
const VISITOR_HEADER = 'x-visitor-token';

const tokenOf = (headers: Record<string, unknown>) => {
  const v = headers[VISITOR_HEADER];
  return typeof v === 'string' ? v : undefined;
};

export function webchatRoutes(deps: AppDeps, opts: { widgetFile: string }): FastifyPluginAsyncZod {
  return async (app) => {
    // The widget runs on customer sites: its public API answers any origin (no cookies are involved).
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api/webchat/')) {
        reply.header('access-control-allow-origin', '*');
        reply.header('access-control-allow-headers', 'content-type, x-visitor-token');
        reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
        reply.header('access-control-max-age', '600');
      }
    });
    app.options('/api/webchat/*', { config: PUBLIC }, async (_request, reply) => reply.code(204).send());

    app.get(
      '/api/webchats',
      {
        config: needs(MANAGER, 'web_chat', 'read'),
        schema: { tags, summary: 'Web chats da empresa', response: { 200: z.array(ZWebchat) } },
      },
      async (request) => listCompanyWebchats(deps, callerOf(request)),
    );
    app.get(
      '/api/webchats/:id',
      {
        config: needs(MANAGER, 'web_chat', 'read'),
        schema: { tags, summary: 'Um web chat', params: ZIdParam, response: { 200: ZWebchat } },
      },
      async (request) => getWebchat(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/webchats',
      {
        config: needs(MANAGER, 'web_chat', 'write'),
        schema: { tags, summary: 'Cria web chat', body: ZWebchatInput, response: { 200: ZWebchat } },
      },
      async (request) => createWebchat(deps, callerOf(request), request.body),
    );
    app.put(
      '/api/webchats/:id',
      {
        config: needs(MANAGER, 'web_chat', 'write'),
        schema: {
          tags,
          summary: 'Altera web chat',
          params: ZIdParam,
          body: ZWebchatInput,
          response: { 200: ZWebchat },
        },
      },
      async (request) => updateWebchat(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/webchats/:id',
      {
        config: needs(MANAGER, 'web_chat', 'write'),
        schema: { tags, summary: 'Remove web chat', params: ZIdParam, response: { 200: ZMessageOutput } },
      },
      async (request) => deleteWebchat(deps, callerOf(request), request.params.id),
    );

    app.post(
      '/api/webchat-upload',
      {
        config: needs(MANAGER, 'web_chat', 'write'),
        schema: {
          tags,
          summary: 'Envia o logo do web chat (multipart: id, logoType, file; até 2 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ success: z.boolean(), url: z.string().nullable() }) },
        },
      },
      async (request) => {
        const part = await request
          .file({ limits: { fileSize: WEBCHAT_LOGO_MAX_BYTES, files: 1 } })
          .catch(() => undefined);
        if (!part) throw badRequest(WEBCHAT_MSG.logoInvalid);
        const data = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(ERROR_CODE.validation, WEBCHAT_MSG.logoTooLarge, 413);
          throw badRequest(WEBCHAT_MSG.logoUploadError);
        });
        const idField = part.fields.id;
        const rawId = idField && 'value' in idField ? Number(idField.value) : Number.NaN;
        if (!Number.isInteger(rawId) || rawId <= 0) throw badRequest(WEBCHAT_MSG.notFound);
        return uploadWebchatLogo(deps, callerOf(request), {
          webchatId: rawId,
          name: part.filename,
          data,
          truncated: part.file.truncated,
        });
      },
    );
    app.delete(
      '/api/webchats/:id/logo',
      {
        config: needs(MANAGER, 'web_chat', 'write'),
        schema: {
          tags,
          summary: 'Remove o logo do web chat',
          params: ZIdParam,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => deleteWebchatLogo(deps, callerOf(request), request.params.id),
    );

    // Public API of the widget on customer sites.
    app.get(
      '/api/webchat/:code/logo/:file',
      {
        config: PUBLIC,
        schema: { tags, summary: 'Logo do web chat', params: ZCode.extend({ file: z.string().max(80) }) },
      },
      async (request, reply) => {
        const logo = await readWebchatLogo(deps, request.params.code);
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(logo.mime)
          .send(logo.data);
      },
    );
    app.get(
      '/api/webchat/:code/config',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Configuração pública do widget',
          params: ZCode,
          response: { 200: ZWebchatPublicConfig },
        },
      },
      async (request) => publicConfig(deps, request.params.code),
    );
    app.post(
      '/api/webchat/:code/visitors',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Visitante preencheu o formulário',
          params: ZCode,
          body: ZVisitorStartInput,
          response: { 200: z.object({ visitor_id: z.string(), token: z.string() }) },
        },
      },
      async (request) => startVisitor(deps, request.params.code, request.body.form),
    );
    app.get(
      '/api/webchat/visitor/state',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Conversa do visitante (x-visitor-token)',
          response: { 200: ZVisitorState },
        },
      },
      async (request) => visitorState(deps, tokenOf(request.headers)),
    );
    app.post(
      '/api/webchat/visitor/messages',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Mensagem do visitante (x-visitor-token)',
          body: ZVisitorSendInput,
          response: {
            200: z.object({
              protocol: z.string(),
              message: ZVisitorMessage.nullable(),
              duplicate: z.boolean(),
            }),
          },
        },
      },
      async (request) => visitorSend(deps, tokenOf(request.headers), request.body),
    );
    app.post(
      '/api/webchat/visitor/upload',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Arquivo do visitante (x-visitor-token; multipart: file). BMP, GIF, JPG, MP4, PDF, PNG',
          consumes: ['multipart/form-data'],
          response: { 200: ZUploadResult },
        },
      },
      async (request) => visitorUpload(deps, tokenOf(request.headers), () => readUpload(request)),
    );

    // The one <script> a customer site adds.
    app.get('/webchat/:file', async (request, reply) => {
      const file = (request.params as { file: string }).file;
      const code = /^([A-Za-z0-9_-]{4,40})\.js$/.exec(file)?.[1];
      if (!code || !(await findWebchatByCode(deps.db, code)))
        return reply.code(404).type('text/plain').send('// web chat não encontrado');
      if (!existsSync(opts.widgetFile))
        return reply.code(503).type('text/plain').send('// widget não compilado');
      const bundle = readFileSync(opts.widgetFile, 'utf8');
      const boot = `window.__PROSA_WEBCHAT__=${JSON.stringify({ code })};\n`;
      return reply
        .header('cache-control', 'no-cache')
        .header('access-control-allow-origin', '*')
        .type('application/javascript; charset=utf-8')
        .send(boot + bundle);
    });

    app.get('/demo/webchat', async (_request, reply) => {
      const { status, html } = await demoPage(deps);
      return reply.code(status).type('text/html; charset=utf-8').send(html);
    });
  };
}

export function defaultWidgetFile(): string {
  return resolve('apps/widget/dist/prosa-webchat.js');
}
