import { ZStatus } from '@prosa/shared/company';
import { zIdParam, zSectorChoiceIdParam } from '@prosa/shared/ids';
import { ZStatusAdmin, ZStatusInput } from '@prosa/shared/org-admin';
import { z } from '@prosa/shared/zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER } from '../../http/access';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps } from '../../platform/deps';
import {
  createStatus,
  deleteStatus,
  listCompanyStatuses,
  listSectorStatuses,
  updateStatus,
} from './manage-statuses';
import { listStatuses } from './repository';

const tags = ['statuses'];
const ZCompanyParam = z.object({ companyId: zIdParam() });
// A status id, or a sector id where the special sectors 0 and -1 are answered as not found.
const ZCompanyIdParams = ZCompanyParam.extend({ id: zSectorChoiceIdParam() });
const ZStatusSaved = z.object({ message: z.string(), status: ZStatusAdmin });

export function statusRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/statuses',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Status de classificação e finalização (do setor, com sector_id)',
          querystring: z.object({ sector_id: zSectorChoiceIdParam().optional() }),
          response: { 200: z.array(ZStatus) },
        },
      },
      async (request) => listStatuses(deps.db, callerOf(request).companyId, request.query.sector_id),
    );

    // Administration (spec 2 Statuses screen): status_de_atendimento read / write.
    const target = async (request: FastifyRequest, companyId: number) => {
      const caller = callerOf(request);
      return { caller, companyId: await companyScope(deps.db, caller, companyId) };
    };

    app.get(
      '/api/companies/:companyId/statuses',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Status da empresa com seus setores',
          params: ZCompanyParam,
          response: { 200: z.array(ZStatusAdmin) },
        },
      },
      async (request) => listCompanyStatuses(deps, await target(request, request.params.companyId)),
    );

    app.get(
      '/api/companies/:companyId/sectors/:id/statuses',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Status oferecidos num setor (ligados a ele ou a nenhum setor)',
          params: ZCompanyIdParams,
          response: { 200: z.array(ZStatusAdmin) },
        },
      },
      async (request) =>
        listSectorStatuses(deps, await target(request, request.params.companyId), request.params.id),
    );

    app.post(
      '/api/companies/:companyId/statuses',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Cria status',
          params: ZCompanyParam,
          body: ZStatusInput,
          response: { 200: ZStatusSaved },
        },
      },
      async (request) => createStatus(deps, await target(request, request.params.companyId), request.body),
    );

    app.patch(
      '/api/companies/:companyId/statuses/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera status',
          params: ZCompanyIdParams,
          body: ZStatusInput,
          response: { 200: ZStatusSaved },
        },
      },
      async (request) =>
        updateStatus(deps, await target(request, request.params.companyId), request.params.id, request.body),
    );

    app.delete(
      '/api/companies/:companyId/statuses/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Exclui status (exclusão lógica)',
          params: ZCompanyIdParams,
          response: { 200: z.object({ message: z.string(), should_close: z.number() }) },
        },
      },
      async (request) =>
        deleteStatus(deps, await target(request, request.params.companyId), request.params.id),
    );
  };
}
