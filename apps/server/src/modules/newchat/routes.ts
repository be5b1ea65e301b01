import { existsSync, readFileSync } from 'node:fs';
import { ZMessageOutput } from '@prosa/shared/auth';
import { ZIdParam } from '@prosa/shared/company';
import { ERROR_CODE } from '@prosa/shared/messages';
import {
  NEWCHAT_MSG,
  NEWCHAT_UPLOAD_MAX_BYTES,
  ZNewchat,
  ZNewchatInput,
  ZNewchatPublicConfig,
} from '@prosa/shared/newchat';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER, PUBLIC } from '../../http/access';
import { publicUrl } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import {
  createNewchat,
  deleteNewchat,
  getNewchat,
  listCompanyNewchats,
  updateNewchat,
} from './manage-newchats';
import { readNewchatFile, uploadNewchatFile } from './newchat-files';
import { newchatLauncherJs, newchatManifest, newchatPageHtml } from './newchat-page';
import { finishByVisitor, newchatPublicConfig, startNewchatVisitor, visitorQueue } from './newchat-visitor';

const tags = ['newchat'];
const CODE_RE = /^[A-Za-z0-9_-]{4,40}$/;
const ZCode = z.object({ code: z.string().regex(CODE_RE, { error: NEWCHAT_MSG.notFound }) });
const VISITOR_HEADER = 'x-visitor-token';
const tokenOf = (headers: Record<string, unknown>) => {
  const v = headers[VISITOR_HEADER];
  return typeof v === 'string' ? v : undefined;
};
const ZUploadAnswer = z.object({ success: z.boolean(), url: z.string() });

export function newchatRoutes(deps: AppDeps, opts: { widgetFile: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/newchats',
      {
        config: MANAGER,
        schema: { tags, summary: 'NewChats da empresa', response: { 200: z.array(ZNewchat) } },
      },
      async (request) => listCompanyNewchats(deps, callerOf(request)),
    );
    app.get(
      '/api/newchats/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Um NewChat', params: ZIdParam, response: { 200: ZNewchat } },
      },
      async (request) => getNewchat(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/newchats',
      {
        config: MANAGER,
        schema: { tags, summary: 'Cria NewChat', body: ZNewchatInput, response: { 200: ZNewchat } },
      },
      async (request) => createNewchat(deps, callerOf(request), request.body),
    );
    app.put(
      '/api/newchats/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera NewChat',
          params: ZIdParam,
          body: ZNewchatInput,
          response: { 200: ZNewchat },
        },
      },
      async (request) => updateNewchat(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/newchats/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Remove NewChat', params: ZIdParam, response: { 200: ZMessageOutput } },
      },
      async (request) => deleteNewchat(deps, callerOf(request), request.params.id),
    );

    // Channel uploads (spec 2 §7): multipart with id (the NewChat) and file; answers {success, url}.
    app.post(
      '/api/newchat-upload/:kind',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Envia ícone (image: PNG/JPG/GIF/BMP) ou termos de uso (pdf) do NewChat; até 2 MB',
          consumes: ['multipart/form-data'],
          params: z.object({ kind: z.enum(['image', 'pdf'], { error: 'Tipo de arquivo inválido.' }) }),
          response: { 200: ZUploadAnswer },
        },
      },
      async (request) => {
        const failed =
          request.params.kind === 'image' ? NEWCHAT_MSG.imageUploadFailed : NEWCHAT_MSG.fileInvalid;
        const part = await request
          .file({ limits: { fileSize: NEWCHAT_UPLOAD_MAX_BYTES, files: 1 } })
          .catch(() => undefined);
        if (!part) throw badRequest(failed);
        const data = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(ERROR_CODE.validation, NEWCHAT_MSG.imageTooLarge, 413);
          throw badRequest(failed);
        });
        const idField = part.fields.id;
        const id = idField && 'value' in idField ? Number(idField.value) : Number.NaN;
        if (!Number.isInteger(id) || id <= 0 || id > 2147483647) throw badRequest(NEWCHAT_MSG.notFound);
        return uploadNewchatFile(deps, callerOf(request), {
          kind: request.params.kind,
          channelId: id,
          data,
          truncated: part.file.truncated,
        });
      },
    );

    // The public page's API (same origin as the page; the visitor's token as in the web chat).
    app.get(
      '/api/newchat/:code/config',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Configuração pública do NewChat',
          params: ZCode,
          response: { 200: ZNewchatPublicConfig },
        },
      },
      async (request) => newchatPublicConfig(deps, request.params.code),
    );
    app.get(
      '/api/newchat/:code/files/:file',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Ícone ou termos de uso do NewChat',
          params: ZCode.extend({ file: z.string().max(120) }),
        },
      },
      async (request, reply) => {
        const f = await readNewchatFile(deps, request.params.code, request.params.file);
        return reply.header('cache-control', 'public, max-age=31536000, immutable').type(f.mime).send(f.data);
      },
    );
    app.post(
      '/api/newchat/:code/visitors',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Visitante preencheu o formulário (e aceitou os termos)',
          params: ZCode,
          body: z.object({
            form: z.record(z.string().max(40), z.string().max(300)).default({}),
            accepted_terms: z.boolean().optional(),
          }),
          response: { 200: z.object({ visitor_id: z.string(), token: z.string() }) },
        },
      },
      async (request) => startNewchatVisitor(deps, request.params.code, request.body),
    );
    app.get(
      '/api/newchat/visitor/queue',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Posição do visitante na fila (x-visitor-token)',
          response: { 200: z.object({ position: z.number().nullable() }) },
        },
      },
      async (request) => visitorQueue(deps, tokenOf(request.headers)),
    );
    app.post(
      '/api/newchat/visitor/finish',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'O visitante finaliza o atendimento (x-visitor-token)',
          response: { 200: z.object({ message: z.string(), protocol: z.string() }) },
        },
      },
      async (request) => finishByVisitor(deps, tokenOf(request.headers)),
    );

    // The page, its manifest, its script, and the launcher for customer sites (/newchat/<code>.js).
    const notFoundPage = (reply: { code(n: number): { type(t: string): { send(b: string): unknown } } }) =>
      reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><title>NewChat</title><p>NewChat não encontrado.</p>');
    app.get('/newchat/:code', { config: PUBLIC }, async (request, reply) => {
      const raw = (request.params as { code: string }).code;
      const launcher = /^(.+)\.js$/.exec(raw)?.[1];
      const code = launcher ?? raw;
      if (!CODE_RE.test(code)) return notFoundPage(reply);
      const config = await newchatPublicConfig(deps, code).catch(() => null);
      if (!config) {
        if (launcher) return reply.code(404).type('text/plain').send('// NewChat não encontrado');
        return notFoundPage(reply);
      }
      if (launcher) {
        const pageUrl = `${publicUrl(deps.config).replace(/\/+$/, '')}/newchat/${code}`;
        return reply
          .header('cache-control', 'no-cache')
          .header('access-control-allow-origin', '*')
          .type('application/javascript; charset=utf-8')
          .send(newchatLauncherJs(config, pageUrl));
      }
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(newchatPageHtml(config));
    });
    app.get('/newchat/:code/manifest.webmanifest', { config: PUBLIC }, async (request, reply) => {
      const code = (request.params as { code: string }).code;
      const config = CODE_RE.test(code) ? await newchatPublicConfig(deps, code).catch(() => null) : null;
      if (!config) return reply.code(404).type('application/json').send({ message: NEWCHAT_MSG.notFound });
      return reply
        .type('application/manifest+json; charset=utf-8')
        .send(JSON.stringify(newchatManifest(config)));
    });
    app.get('/newchat/:code/app.js', { config: PUBLIC }, async (request, reply) => {
      const code = (request.params as { code: string }).code;
      const config = CODE_RE.test(code) ? await newchatPublicConfig(deps, code).catch(() => null) : null;
      if (!config) return reply.code(404).type('text/plain').send('// NewChat não encontrado');
      if (!existsSync(opts.widgetFile))
        return reply.code(503).type('text/plain').send('// widget não compilado');
      const boot = `window.__PROSA_NEWCHAT__=${JSON.stringify({ code })};\n`;
      return reply
        .header('cache-control', 'no-cache')
        .type('application/javascript; charset=utf-8')
        .send(boot + readFileSync(opts.widgetFile, 'utf8'));
    });
  };
}
