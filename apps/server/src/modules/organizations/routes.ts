import { ZIdParams } from '@prosa/shared/ids';
import {
  ZOrganization,
  ZOrganizationCompany,
  ZOrganizationCompanySearch,
  ZOrganizationInput,
  ZOrganizationListQuery,
  ZOrganizationMessage,
  ZOrganizationPage,
  ZOrganizationSaved,
} from '@prosa/shared/organizations';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { removeOrganization } from './delete-organization';
import { getOrganization } from './get-organization';
import { listOrganizationsPage } from './list-organizations';
import { saveOrganization } from './save-organization';
import { searchOrganizationCompanies } from './search-companies';

const tags = ['organizations'];

/** Organizations (spec 3 §7: list {searchTerm, page}, GET {id}, POST save, DELETE {id}, company search {term}). */
export function organizationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/organizations',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Organizações (busca por nome ou CNPJ, página de 10 ou 25, total)',
          querystring: ZOrganizationListQuery,
          response: { 200: ZOrganizationPage },
        },
      },
      async (request) => listOrganizationsPage(deps, callerOf(request), request.query),
    );

    app.get(
      '/api/organizations/companies',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Empresas que o administrador alcança, por nome (para o formulário)',
          querystring: ZOrganizationCompanySearch,
          response: { 200: z.array(ZOrganizationCompany) },
        },
      },
      async (request) => searchOrganizationCompanies(deps, callerOf(request), request.query.term),
    );

    app.get(
      '/api/organizations/:id',
      {
        config: ADMIN,
        schema: { tags, summary: 'Uma organização', params: ZIdParams, response: { 200: ZOrganization } },
      },
      async (request) => getOrganization(deps, callerOf(request), request.params.id),
    );

    app.post(
      '/api/organizations/save',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Cria (sem id) ou altera (com id) uma organização',
          body: ZOrganizationInput,
          response: { 200: ZOrganizationSaved },
        },
      },
      async (request) => saveOrganization(deps, callerOf(request), request.body),
    );

    app.delete(
      '/api/organizations/:id',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Exclui uma organização',
          params: ZIdParams,
          response: { 200: ZOrganizationMessage },
        },
      },
      async (request) => removeOrganization(deps, callerOf(request), request.params.id),
    );
  };
}
