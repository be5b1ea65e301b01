import { ZIdParam } from '@prosa/shared/company';
import { ZInstagramChannel, ZInstagramInput, ZInstagramPatch } from '@prosa/shared/facebook';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { createInstagram } from './create-instagram';
import { listInstagram } from './list-instagram';
import { removeInstagram } from './remove-instagram';
import { updateInstagram } from './update-instagram';

const tags = ['instagram'];
const ZResult = z.object({ message: z.string(), channel: ZInstagramChannel });

// The Instagram screen (spec 2 §2, §7 Instagram: all, create, update/updateSector, destroy), managers and above.
export function instagramRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/instagram',
      {
        config: MANAGER,
        schema: { tags, summary: 'Contas do Instagram', response: { 200: z.array(ZInstagramChannel) } },
      },
      async (request) => listInstagram(deps, callerOf(request)),
    );
    app.post(
      '/api/instagram',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Vincula a conta do Instagram de uma página',
          body: ZInstagramInput,
          response: { 200: ZResult },
        },
      },
      async (request) => createInstagram(deps, callerOf(request), request.body),
    );
    app.patch(
      '/api/instagram/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera nome e setor',
          params: ZIdParam,
          body: ZInstagramPatch,
          response: { 200: ZResult },
        },
      },
      async (request) => updateInstagram(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/instagram/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Remove a conta',
          params: ZIdParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => removeInstagram(deps, callerOf(request), request.params.id),
    );
  };
}
