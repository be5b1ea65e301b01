import {
  BI_MSG,
  ZBiCompanyOptions,
  ZBiCompanySearchQuery,
  ZBiEmbedQuery,
  ZBiMessage,
  ZBiProviders,
  ZBiReport,
  ZBiReportInput,
  ZBiReportListQuery,
  ZBiReportPage,
  ZBiReportSaved,
  ZBiReportView,
} from '@prosa/shared/bi-reports';
import { zIdParam } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { deleteBiReport } from './delete-bi-report';
import { embedBiReport } from './embed-bi-report';
import { getBiReport, listBiReports } from './list-bi-reports';
import { configuredBiProviders } from './providers/registry';
import { createBiReport, editBiReport } from './save-bi-report';
import { biScopeOf } from './scope';
import { searchBiCompanies } from './search-companies';

const tags = ['bi-reports'];
const ZId = z.object({ id: zIdParam(BI_MSG.notFound) });

/**
 * Embedded BI (issue 21; spec 3 §2, §5, §7): definitions kept by the installation's admins (admin and above, only
 * those shown to companies they manage) and the viewer's embed (managers of a company the report is shown to).
 */
export function biReportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/bi-reports',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Relatórios BI (mais recentes primeiro; busca por nome)',
          querystring: ZBiReportListQuery,
          response: { 200: ZBiReportPage },
        },
      },
      async (request) => listBiReports(deps, callerOf(request), request.query),
    );
    app.get(
      '/api/bi-reports/providers',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Serviços de BI configurados neste servidor',
          response: { 200: ZBiProviders },
        },
      },
      async () => configuredBiProviders(deps),
    );
    app.get(
      '/api/bi-reports/companies',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Busca de empresas para o relatório (term: nome ou domínio)',
          querystring: ZBiCompanySearchQuery,
          response: { 200: ZBiCompanyOptions },
        },
      },
      async (request) => searchBiCompanies(deps, callerOf(request), request.query.term),
    );
    app.get(
      '/api/bi-reports/:id',
      {
        config: ADMIN,
        schema: { tags, summary: 'Um relatório BI', params: ZId, response: { 200: ZBiReport } },
      },
      async (request) => getBiReport(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/api/bi-reports/:id/embed',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Incorporação do relatório (endereço e token do serviço; part: só um dos relatórios)',
          params: ZId,
          querystring: ZBiEmbedQuery,
          response: { 200: ZBiReportView },
        },
      },
      async (request) => embedBiReport(deps, callerOf(request), request.params.id, request.query.part),
    );
    app.post(
      '/api/bi-reports',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Cria um relatório BI',
          body: ZBiReportInput,
          response: { 200: ZBiReportSaved },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        return createBiReport(deps, caller, await biScopeOf(deps, caller), request.body);
      },
    );
    app.put(
      '/api/bi-reports/:id',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Altera um relatório BI',
          params: ZId,
          body: ZBiReportInput,
          response: { 200: ZBiReportSaved },
        },
      },
      async (request) =>
        editBiReport(deps, await biScopeOf(deps, callerOf(request)), request.params.id, request.body),
    );
    app.delete(
      '/api/bi-reports/:id',
      {
        config: ADMIN,
        schema: { tags, summary: 'Exclui um relatório BI', params: ZId, response: { 200: ZBiMessage } },
      },
      async (request) => deleteBiReport(deps, callerOf(request), request.params.id),
    );
  };
}
