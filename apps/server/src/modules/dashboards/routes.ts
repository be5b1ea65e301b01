import { formatDate } from '@prosa/shared/dates';
import { ZCommunicationDashboard } from '@prosa/shared/messenger';
import {
  REPORT_MSG,
  ZBusinessDashboard,
  ZDashboardDetailsQuery,
  ZDashboardFilters,
  ZMonitoringDashboard,
  ZOperationalDetails,
  ZOperationalSummary,
  ZTeamDashboard,
  ZTeamGoalInput,
} from '@prosa/shared/reports';
import { z } from '@prosa/shared/zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { gateModule } from '../company-metadata/module-gate';
import { reportCsv } from '../reports/csv';
import { businessDashboard } from './business-dashboard';
import { communicationDashboard } from './communication-dashboard';
import { monitoringDashboard } from './monitoring-dashboard';
import {
  detailsTable,
  operationalDetails,
  operationalSummary,
  operationalTable,
} from './operational-summary';
import { saveTeamGoal } from './save-team-goal';
import { teamDashboard } from './team-dashboard';

const tags = ['dashboards'];

const periodText = (p: { fromDate: string; toDate: string }) =>
  `${formatDate(`${p.fromDate}T12:00:00Z`, 'UTC')} a ${formatDate(`${p.toDate}T12:00:00Z`, 'UTC')}`;

function sendCsv(reply: FastifyReply, fileName: string, body: string) {
  return reply
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('access-control-expose-headers', 'content-disposition')
    .type('text/csv; charset=utf-8')
    .send(body);
}

/**
 * The dashboards of spec 3 (business, monitoring, operational summary with its details, team with its goal):
 * manager and above, the caller's company only. The internal-communication dashboard comes with the messenger.
 */
export function dashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Settings tab: the company may turn the module off (allow.dashboard, on by default): every route is 403 then.
    gateModule(app, deps.db, 'dashboard');
    app.get(
      '/api/dashboards/business',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Painel de gestão do negócio',
          querystring: ZDashboardFilters,
          response: { 200: ZBusinessDashboard },
        },
      },
      async (request) => businessDashboard(deps, callerOf(request), request.query),
    );
    app.get(
      '/api/dashboards/monitoring',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Painel de monitoramento da distribuição (agora)',
          response: { 200: ZMonitoringDashboard },
        },
      },
      async (request) => monitoringDashboard(deps, callerOf(request)),
    );
    app.get(
      '/api/dashboards/operational-summary',
      {
        config: MANAGER,
        schema: { tags, summary: 'Resumo operacional (JSON ou CSV)', querystring: ZDashboardFilters },
      },
      async (request, reply) => {
        const summary = await operationalSummary(deps, callerOf(request), request.query);
        if (request.query.format !== 'csv') return ZOperationalSummary.parse(summary);
        if (summary.rows.length === 0) throw new AppError('report_empty', REPORT_MSG.empty, 404);
        return sendCsv(
          reply,
          'resumo-operacional.csv',
          reportCsv(operationalTable(summary), periodText(summary.period)),
        );
      },
    );
    app.get(
      '/api/dashboards/operational-summary/details',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Detalhes do resumo operacional de um usuário',
          querystring: ZDashboardDetailsQuery,
        },
      },
      async (request, reply) => {
        const { format = 'json', table = 'attendances', ...input } = request.query;
        const details = await operationalDetails(deps, callerOf(request), input, format === 'csv');
        if (format !== 'csv') return ZOperationalDetails.parse(details);
        const t = detailsTable(details, table);
        if (t.rows.length === 0) throw new AppError('report_empty', REPORT_MSG.empty, 404);
        const name =
          table === 'attendances' ? 'resumo-operacional-atendimentos.csv' : 'resumo-operacional-pausas.csv';
        return sendCsv(reply, name, reportCsv(t, periodText(details.period)));
      },
    );
    app.get(
      '/api/dashboards/team',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Painel de gestão de equipe (meta)',
          querystring: ZDashboardFilters,
          response: { 200: ZTeamDashboard },
        },
      },
      async (request) => teamDashboard(deps, callerOf(request), request.query),
    );
    app.put(
      '/api/dashboards/team/goal',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Salva a meta da equipe',
          body: ZTeamGoalInput,
          response: { 200: z.object({ message: z.string(), goal: z.number() }) },
        },
      },
      async (request) => saveTeamGoal(deps, callerOf(request), request.body),
    );
    app.get(
      '/api/dashboards/communication',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Painel de comunicação interna',
          querystring: ZDashboardFilters.pick({ fromDate: true, toDate: true }),
          response: { 200: ZCommunicationDashboard },
        },
      },
      async (request) => communicationDashboard(deps, callerOf(request), request.query),
    );
  };
}
