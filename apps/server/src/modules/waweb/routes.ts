import { ZIdParam } from '@prosa/shared/company';
import { ZWawebChannel, ZWawebInput } from '@prosa/shared/waweb';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { logoutNumber, refreshNumber, screenshotNumber } from './control-number';
import {
  createNumber,
  deleteNumber,
  getNumber,
  listCompanyNumbers,
  startNumber,
  stopNumber,
  updateWawebNumber,
} from './manage-numbers';

const tags = ['whatsapp'];

export function wawebRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const read = needs(MANAGER, 'whatsapp', 'read');
    const write = needs(MANAGER, 'whatsapp', 'write');
    app.get(
      '/api/channels/waweb',
      {
        config: read,
        schema: { tags, summary: 'Números de WhatsApp (QR)', response: { 200: z.array(ZWawebChannel) } },
      },
      async (request) => listCompanyNumbers(deps, callerOf(request)),
    );
    app.get(
      '/api/channels/waweb/:id',
      {
        config: read,
        schema: { tags, summary: 'Um número', params: ZIdParam, response: { 200: ZWawebChannel } },
      },
      async (request) => getNumber(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/channels/waweb',
      {
        config: write,
        schema: { tags, summary: 'Cria número', body: ZWawebInput, response: { 200: ZWawebChannel } },
      },
      async (request) => createNumber(deps, callerOf(request), request.body),
    );
    app.put(
      '/api/channels/waweb/:id',
      {
        config: write,
        schema: {
          tags,
          summary: 'Altera número',
          params: ZIdParam,
          body: ZWawebInput,
          response: { 200: ZWawebChannel },
        },
      },
      async (request) => updateWawebNumber(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/channels/waweb/:id',
      {
        config: write,
        schema: {
          tags,
          summary: 'Remove número (parado)',
          params: ZIdParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => deleteNumber(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/channels/waweb/:id/start',
      {
        config: write,
        schema: { tags, summary: 'Inicia o número', params: ZIdParam, response: { 200: ZWawebChannel } },
      },
      async (request) => startNumber(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/channels/waweb/:id/stop',
      {
        config: write,
        schema: { tags, summary: 'Para o número', params: ZIdParam, response: { 200: ZWawebChannel } },
      },
      async (request) => stopNumber(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/channels/waweb/:id/refresh',
      {
        config: write,
        schema: { tags, summary: 'Reconecta o número', params: ZIdParam, response: { 200: ZWawebChannel } },
      },
      async (request) => refreshNumber(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/channels/waweb/:id/logout',
      {
        config: write,
        schema: {
          tags,
          summary: 'Desconecta o aparelho (pede novo QR)',
          params: ZIdParam,
          response: { 200: ZWawebChannel },
        },
      },
      async (request) => logoutNumber(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/api/channels/waweb/:id/screenshot',
      { config: read, schema: { tags, summary: 'Imagem da sessão (QR ou estado), PNG', params: ZIdParam } },
      async (request, reply) => {
        const png = await screenshotNumber(deps, callerOf(request), request.params.id);
        return reply.type('image/png').header('cache-control', 'no-store').send(png);
      },
    );
  };
}
