import { ZIdParam } from '@prosa/shared/company';
import {
  ZAutomaticAttendance,
  ZCompanyAutomation,
  ZDefaultStatusInput,
} from '@prosa/shared/company-automation';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getCompanyAutomation, setAutomaticAttendance, setDefaultStatus } from './company-automation';

const tags = ['companies'];
const ZSaved = ZCompanyAutomation.extend({ message: z.string() });

/** Company edit's "Atendimento automático" tab (issue 24): default status, business hours and automatic replies. */
export function companyAutomationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/companies/:id/automation',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Status padrão e atendimento automático da empresa',
          params: ZIdParam,
          response: { 200: ZCompanyAutomation },
        },
      },
      async (request) => getCompanyAutomation(deps, callerOf(request), request.params.id),
    );
    app.put(
      '/api/companies/:id/default-status',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Define (um status de finalização) ou remove (null) o status padrão da empresa',
          params: ZIdParam,
          body: ZDefaultStatusInput,
          response: { 200: ZSaved },
        },
      },
      async (request) =>
        setDefaultStatus(deps, callerOf(request), request.params.id, request.body.default_status),
    );
    app.put(
      '/api/companies/:id/automatic-attendance',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Salva o horário de atendimento e as respostas automáticas da empresa',
          params: ZIdParam,
          body: ZAutomaticAttendance,
          response: { 200: ZSaved },
        },
      },
      async (request) => setAutomaticAttendance(deps, callerOf(request), request.params.id, request.body),
    );
  };
}
