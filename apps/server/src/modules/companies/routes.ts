import { ZMessageOutput } from '@prosa/shared/auth';
import { ZCompanySecurity, ZIdParam, ZIpFilter, ZSecuritySettings } from '@prosa/shared/company';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { ADMIN, ANY_USER, callerOf } from '../../platform/guard';
import { getCompanyFeatures } from './company-features';
import { getCompany } from './get-company';
import { getCompanySecurity, updateSecuritySettings } from './security-settings';
import { updateIpFilter } from './update-ip-filter';

const tags = ['companies'];

const ZCompany = z.object({
  id: z.number(),
  name: z.string(),
  domain: z.string(),
  organization: z.string(),
  timezone: z.string(),
  status_id: z.number(),
  created_at: z.string(),
});

export function companyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/companies/:id',
      {
        config: ADMIN,
        schema: { tags, summary: 'Dados de uma empresa', params: ZIdParam, response: { 200: ZCompany } },
      },
      async (request) => getCompany(deps, callerOf(request), request.params.id),
    );

    app.get(
      '/api/company/features',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Recursos ligados na empresa (triagem, distribuição, permissões)',
          response: {
            200: z.object({
              triage: z.enum(['BASIC', 'OPERATOR', 'MANAGER']),
              auto_dist: z.boolean(),
              allow: z.record(z.string(), z.boolean()),
              timezone: z.string(),
            }),
          },
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
      async (request) => getCompanySecurity(deps, callerOf(request), request.ip),
    );

    app.put(
      '/api/company/ip-filter',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Salva a lista de IPs permitidos',
          body: ZIpFilter,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => updateIpFilter(deps, callerOf(request), { ...request.body, currentIp: request.ip }),
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
  };
}
