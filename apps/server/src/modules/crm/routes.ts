import {
  ZAttendanceOpportunities,
  ZCrmBoard,
  ZCrmLead,
  ZCrmLeadInput,
  ZCrmLeadPage,
  ZCrmLeadParams,
  ZCrmLeadPatch,
  ZCrmLeadQuery,
  ZCrmLeadSaved,
  ZCrmLinkParams,
  ZCrmOwnerInput,
} from '@prosa/shared/crm';
import { ZBigIdParams } from '@prosa/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { attendanceOpportunities, linkOpportunity, unlinkOpportunity } from './attendance-opportunities';
import { setLeadOwner } from './change-owner';
import { createLead } from './create-lead';
import { getBoard } from './get-board';
import { getLead } from './get-lead';
import { listLeads } from './list-leads';
import { syncLead } from './sync-lead';
import { updateLead } from './update-lead';

const tags = ['crm'];

/**
 * Opportunities (built-in CRM; spec 1 §7). Any user may call; the operations check the company's allowCosmosCRM
 * and the caller's CRM permission (view to read, edit to change; spec 2 §6).
 */
export function crmRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/crm/board',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary:
            'Quadro de oportunidades: colunas (status), responsáveis possíveis e permissões do usuário',
          response: { 200: ZCrmBoard },
        },
      },
      async (request) => getBoard(deps, callerOf(request)),
    );

    app.get(
      '/api/crm/leads',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary:
            'Oportunidades do período (startAt/endAt AAAA-MM-DD, até 30 dias), busca com mais de 3 caracteres',
          querystring: ZCrmLeadQuery,
          response: { 200: ZCrmLeadPage },
        },
      },
      async (request) => listLeads(deps, callerOf(request), request.query),
    );

    app.post(
      '/api/crm/leads',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary:
            'Cria uma oportunidade (do chat: com attendance_id, do contato e vinculada ao atendimento)',
          body: ZCrmLeadInput,
          response: { 200: ZCrmLeadSaved },
        },
      },
      async (request) => createLead(deps, callerOf(request), request.body),
    );

    app.get(
      '/api/crm/leads/:id',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Uma oportunidade', params: ZCrmLeadParams, response: { 200: ZCrmLead } },
      },
      async (request) => getLead(deps, callerOf(request), request.params.id),
    );

    app.patch(
      '/api/crm/leads/:id',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Edita uma oportunidade; column_id a move para outra coluna',
          params: ZCrmLeadParams,
          body: ZCrmLeadPatch,
          response: { 200: ZCrmLeadSaved },
        },
      },
      async (request) =>
        updateLead(deps, callerOf(request), { leadId: request.params.id, patch: request.body }),
    );

    app.put(
      '/api/crm/leads/:id/owner',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Altera o responsável da oportunidade',
          params: ZCrmLeadParams,
          body: ZCrmOwnerInput,
          response: { 200: ZCrmLeadSaved },
        },
      },
      async (request) =>
        setLeadOwner(deps, callerOf(request), { leadId: request.params.id, ownerId: request.body.owner_id }),
    );

    app.delete(
      '/api/crm/leads/:id/owner',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Remove o responsável da oportunidade',
          params: ZCrmLeadParams,
          response: { 200: ZCrmLeadSaved },
        },
      },
      async (request) => setLeadOwner(deps, callerOf(request), { leadId: request.params.id, ownerId: null }),
    );

    app.post(
      '/api/crm/leads/:id/sync',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Sincroniza nome, telefone e e-mail da oportunidade com o contato',
          params: ZCrmLeadParams,
          response: { 200: ZCrmLeadSaved },
        },
      },
      async (request) => syncLead(deps, callerOf(request), request.params.id),
    );

    app.get(
      '/api/attendances/:id/opportunities',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Oportunidades do contato do atendimento com o estado do vínculo (0, 1 este, 2 outro)',
          params: ZBigIdParams,
          response: { 200: ZAttendanceOpportunities },
        },
      },
      async (request) => attendanceOpportunities(deps, callerOf(request), request.params.id),
    );

    app.post(
      '/api/attendances/:id/opportunities/:leadId/link',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Vincula a oportunidade ao atendimento',
          params: ZCrmLinkParams,
          response: { 200: ZCrmLeadSaved },
        },
      },
      async (request) =>
        linkOpportunity(deps, callerOf(request), {
          attendanceId: request.params.id,
          leadId: request.params.leadId,
        }),
    );

    app.delete(
      '/api/attendances/:id/opportunities/:leadId/link',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Desvincula a oportunidade do atendimento',
          params: ZCrmLinkParams,
          response: { 200: ZCrmLeadSaved },
        },
      },
      async (request) =>
        unlinkOpportunity(deps, callerOf(request), {
          attendanceId: request.params.id,
          leadId: request.params.leadId,
        }),
    );
  };
}
