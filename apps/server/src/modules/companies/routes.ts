import { ZMessageOutput } from '@prosa/shared/auth';
import {
  ZCompanySecurity,
  ZIdParam,
  ZIpFilter,
  ZIpFilterOutput,
  ZSecuritySettings,
} from '@prosa/shared/company';
import {
  PLANS,
  TIMEZONES,
  ZCompanyDetail,
  ZCompanyList,
  ZCompanyListItem,
  ZCompanyListQuery,
  ZCompanyStatusInput,
  ZCreateCompanyInput,
  ZIdName,
  ZTimezoneOption,
  ZUpdateCompanyInput,
} from '@prosa/shared/company-admin';
import { ZCompanyFeatures } from '@prosa/shared/company-metadata';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, ANY_USER, callerOf } from '../../http/access';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps } from '../../platform/deps';
import { companyAutomationRoutes } from './company-automation-routes';
import { getCompanyFeatures } from './company-features';
import { createCompany } from './create-company';
import { getCompany } from './get-company';
import { listCompanies } from './list-companies';
import { loginRedirectRoutes } from './login-redirect-routes';
import { getCompanySecurity, getIpFilter, updateSecuritySettings } from './security-settings';
import { setCompanyStatus } from './set-company-status';
import { patchCompany } from './update-company';
import { updateIpFilter } from './update-ip-filter';
import { whiteLabelRoutes } from './white-label-routes';

const tags = ['companies'];

export function companyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/companies',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Empresas que o usuário administra (página, busca por nome ou domínio)',
          querystring: ZCompanyListQuery,
          response: { 200: ZCompanyList },
        },
      },
      async (request) => listCompanies(deps, callerOf(request), request.query),
    );

    app.post(
      '/api/companies',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Cria uma empresa e a coloca na lista de quem a criou',
          body: ZCreateCompanyInput,
          response: { 200: ZCompanyDetail },
        },
      },
      async (request) => createCompany(deps, callerOf(request), request.body),
    );

    app.get(
      '/api/companies/:id',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Dados de uma empresa',
          params: ZIdParam,
          response: { 200: ZCompanyDetail },
        },
      },
      async (request) => getCompany(deps, callerOf(request), request.params.id),
    );

    app.patch(
      '/api/companies/:id',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Altera dados, endereços, responsáveis, título, fuso horário e metadados da empresa',
          params: ZIdParam,
          body: ZUpdateCompanyInput,
          response: { 200: z.object({ message: z.string(), company: ZCompanyDetail }) },
        },
      },
      async (request) => patchCompany(deps, callerOf(request), request.params.id, request.body),
    );

    app.patch(
      '/api/companies/:id/status',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Ativa ou inativa a empresa (status_id 1 ou 2, inactive_since_change DD/MM/AAAA)',
          params: ZIdParam,
          body: ZCompanyStatusInput,
          response: { 200: z.object({ message: z.string(), company: ZCompanyListItem }) },
        },
      },
      async (request) => setCompanyStatus(deps, callerOf(request), request.params.id, request.body),
    );

    app.get(
      '/api/companies/:id/ip-filter',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Lista de IPs permitidos da empresa',
          params: ZIdParam,
          response: { 200: ZIpFilterOutput },
        },
      },
      async (request) => {
        const companyId = await companyScope(deps.db, callerOf(request), request.params.id);
        return getIpFilter(deps, companyId, request.ip);
      },
    );

    app.put(
      '/api/companies/:id/ip-filter',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Salva a lista de IPs permitidos da empresa',
          params: ZIdParam,
          body: ZIpFilter,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const companyId = await companyScope(deps.db, caller, request.params.id);
        return updateIpFilter(deps, caller, companyId, { ...request.body, currentIp: request.ip });
      },
    );

    app.get(
      '/api/plans',
      {
        config: ADMIN,
        schema: { tags, summary: 'Planos de empresa', response: { 200: z.array(ZIdName) } },
      },
      async () => PLANS.map((p) => ({ id: p.id, name: p.name })),
    );

    app.get(
      '/api/timezones',
      {
        config: ADMIN,
        schema: { tags, summary: 'Fusos horários disponíveis', response: { 200: z.array(ZTimezoneOption) } },
      },
      async () => TIMEZONES.map((t) => ({ value: t.value, label: t.label })),
    );

    app.get(
      '/api/company/features',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Recursos ligados na empresa (triagem, distribuição, permissões)',
          response: { 200: ZCompanyFeatures },
        },
      },
      async (request) => getCompanyFeatures(deps, callerOf(request)),
    );

    app.get(
      '/api/company/security',
      {
        config: ADMIN,
        schema: { tags, summary: 'Segurança da empresa (MFA, IPs)', response: { 200: ZCompanySecurity } },
      },
      async (request) => getCompanySecurity(deps, callerOf(request).companyId, request.ip),
    );

    app.put(
      '/api/company/ip-filter',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Salva a lista de IPs permitidos da própria empresa',
          body: ZIpFilter,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        return updateIpFilter(deps, caller, caller.companyId, { ...request.body, currentIp: request.ip });
      },
    );

    app.put(
      '/api/company/security',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Salva MFA e validade da senha',
          body: ZSecuritySettings,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => updateSecuritySettings(deps, callerOf(request), request.body),
    );

    await app.register(whiteLabelRoutes(deps));
    await app.register(loginRedirectRoutes(deps));
    await app.register(companyAutomationRoutes(deps));
  };
}
