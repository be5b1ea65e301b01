import { ZIdParam, ZSector } from '@prosa/shared/company';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { ANY_USER, callerOf } from '../../platform/guard';
import { findSector, listSectors } from './repository';

const tags = ['sectors'];

export function sectorRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/sectors',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Setores da empresa', response: { 200: z.array(ZSector) } },
      },
      async (request) => listSectors(deps.db, callerOf(request).companyId),
    );

    app.get(
      '/api/sectors/:id',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Um setor', params: ZIdParam, response: { 200: ZSector } },
      },
      async (request) => {
        const sector = await findSector(deps.db, callerOf(request).companyId, request.params.id);
        if (!sector) throw notFound('O setor responsável pelo atendimento não foi localizado.');
        return sector;
      },
    );
  };
}
