import { ZMessageOutput } from '@prosa/shared/auth';
import { ZIdParam, ZSector } from '@prosa/shared/company';
import { zIdParam, zSectorChoiceIdParam } from '@prosa/shared/ids';
import { ZSectorAdmin, ZSectorInput, ZSectorOrderInput, ZSectorSaved } from '@prosa/shared/org-admin';
import { z } from '@prosa/shared/zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER } from '../../http/access';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { createSector, deleteSector, listCompanySectors, updateSector } from './manage-sectors';
import { reorderSectors } from './reorder-sectors';
import { findSector, listSectors } from './repository';

const tags = ['sectors'];

const ZCompanyParam = z.object({ companyId: zIdParam() });
// The special ids 0 and -1 reach the operation, which answers them as not found.
const ZCompanySectorParams = ZCompanyParam.extend({ id: zSectorChoiceIdParam() });

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

    // Administration (spec 2 §2 company edit and the sectors screen): setores_de_atendimento read / write.
    const target = async (request: FastifyRequest, companyId: number) => {
      const caller = callerOf(request);
      return { caller, companyId: await companyScope(deps.db, caller, companyId) };
    };

    app.get(
      '/api/companies/:companyId/sectors',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Setores da empresa, na ordem escolhida, com usuários e atendimentos abertos',
          params: ZCompanyParam,
          response: { 200: z.array(ZSectorAdmin) },
        },
      },
      async (request) => listCompanySectors(deps, await target(request, request.params.companyId)),
    );

    app.post(
      '/api/companies/:companyId/sectors',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Cria setor (vai para o fim da ordem)',
          params: ZCompanyParam,
          body: ZSectorInput,
          response: { 200: ZSectorSaved },
        },
      },
      async (request) => createSector(deps, await target(request, request.params.companyId), request.body),
    );

    app.put(
      '/api/companies/:companyId/sectors/order',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Nova ordem dos setores (todos os ids, uma vez cada; exige configurações gerais)',
          params: ZCompanyParam,
          body: ZSectorOrderInput,
          response: { 200: z.object({ message: z.string(), sectors: z.array(ZSectorAdmin) }) },
        },
      },
      async (request) =>
        reorderSectors(deps, await target(request, request.params.companyId), request.body.ids),
    );

    app.patch(
      '/api/companies/:companyId/sectors/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Renomeia setor',
          params: ZCompanySectorParams,
          body: ZSectorInput,
          response: { 200: ZSectorSaved },
        },
      },
      async (request) =>
        updateSector(deps, await target(request, request.params.companyId), request.params.id, request.body),
    );

    app.delete(
      '/api/companies/:companyId/sectors/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Exclui setor (recusado com atendimentos abertos ou se for o último)',
          params: ZCompanySectorParams,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) =>
        deleteSector(deps, await target(request, request.params.companyId), request.params.id),
    );
  };
}
