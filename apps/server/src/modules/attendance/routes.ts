import {
  ZAttendanceListQuery,
  ZCard,
  ZCardPage,
  ZCardResult,
  ZMessagePage,
  ZMessagesQuery,
  ZSaveNotesInput,
  ZSectorOperator,
  ZSendMessageInput,
  ZSendResult,
  ZSetAnsweredInput,
  ZSetBusyClientInput,
  ZSetStatusInput,
  ZSwitchOperatorInput,
  ZSwitchSectorInput,
  ZViewedBy,
} from '@prosa/shared/attendance';
import { ZBigIdParams, zBigIdParam, zIdParam } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { toCard } from './card';
import { deleteLockedContact, saveNotes, setAnswered, setBusyClient } from './card-updates';
import { forwardMessage } from './forward-message';
import { listAttendances } from './list-attendances';
import { listCompanyOperators } from './list-company-operators';
import { listMessages } from './list-messages';
import { listPastMessages } from './list-past-messages';
import { listSectorOperators } from './list-sector-operators';
import { loadForAction } from './load-for-action';
import { markUnread } from './mark-unread';
import { sendMessage } from './send-message';
import { setStatus } from './set-status';
import { switchOperator, switchSector } from './transfer';
import { getViewedBy, markViewed } from './viewed';

const tags = ['attendance'];
const ZRouteParams = z.object({
  company_id: zIdParam(),
  sector_id: zIdParam(),
  user_id: zIdParam(),
});

export function attendanceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/attendances',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Cards abertos visíveis (100 por página) e contadores',
          querystring: ZAttendanceListQuery,
          response: { 200: ZCardPage },
        },
      },
      async (request) => listAttendances(deps, callerOf(request), request.query),
    );

    app.get(
      '/api/attendance-operators',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Operadores para o filtro da lista (gestores)',
          response: { 200: z.array(ZSectorOperator) },
        },
      },
      async (request) => listCompanyOperators(deps, callerOf(request)),
    );

    app.get(
      '/api/attendances/:id',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Um card', params: ZBigIdParams, response: { 200: ZCard } },
      },
      async (request) =>
        toCard(
          (await loadForAction(deps, callerOf(request), request.params.id, { allowClosed: true })).attendance,
        ),
    );

    app.get(
      '/api/attendances/:id/messages',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Mensagens (mais recentes primeiro)',
          params: ZBigIdParams,
          querystring: ZMessagesQuery,
          response: { 200: ZMessagePage },
        },
      },
      async (request) =>
        listMessages(deps, callerOf(request), { attendanceId: request.params.id, ...request.query }),
    );

    app.get(
      '/api/history/:id/messages',
      {
        config: needs(MANAGER, 'historico', 'read'),
        schema: {
          tags,
          summary: 'Mensagens de um protocolo anterior do contato (somente leitura, regra do histórico)',
          params: ZBigIdParams,
          querystring: ZMessagesQuery,
          response: { 200: ZMessagePage },
        },
      },
      async (request) =>
        listPastMessages(deps, callerOf(request), { attendanceId: request.params.id, ...request.query }),
    );

    app.post(
      '/api/attendances/:id/messages',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Envia mensagem do operador',
          params: ZBigIdParams,
          body: ZSendMessageInput,
          response: { 200: ZSendResult },
        },
      },
      async (request) =>
        sendMessage(deps, callerOf(request), { attendanceId: request.params.id, ...request.body }),
    );

    app.post(
      '/api/attendances/:id/forward',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Encaminha uma mensagem para outro atendimento',
          params: ZBigIdParams,
          body: z.object({
            message_id: z.string().min(1).max(200),
            target_attendance_id: zBigIdParam(),
          }),
          response: { 200: ZSendResult },
        },
      },
      async (request) =>
        forwardMessage(deps, callerOf(request), {
          attendanceId: request.params.id,
          messageId: request.body.message_id,
          targetAttendanceId: request.body.target_attendance_id,
        }),
    );

    app.post(
      '/api/attendances/:id/save-notes',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Salva anotações',
          params: ZBigIdParams,
          body: ZSaveNotesInput,
          response: { 200: ZCardResult },
        },
      },
      async (request) =>
        saveNotes(deps, callerOf(request), { attendanceId: request.params.id, notes: request.body.notes }),
    );

    app.post(
      '/api/attendances/:id/set-answered',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Marca como respondido',
          params: ZBigIdParams,
          body: ZSetAnsweredInput,
          response: { 200: ZCardResult },
        },
      },
      async (request) =>
        setAnswered(deps, callerOf(request), {
          attendanceId: request.params.id,
          answered: request.body.answered,
        }),
    );

    app.post(
      '/api/attendances/:id/switch-sector',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Transfere de setor',
          params: ZBigIdParams,
          body: ZSwitchSectorInput,
          response: { 200: ZCardResult },
        },
      },
      async (request) =>
        switchSector(deps, callerOf(request), {
          attendanceId: request.params.id,
          sectorId: request.body.sector_id,
        }),
    );

    app.post(
      '/api/attendances/:id/switch-operator',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Transfere para outro operador',
          params: ZBigIdParams,
          body: ZSwitchOperatorInput,
          response: { 200: ZCardResult },
        },
      },
      async (request) =>
        switchOperator(deps, callerOf(request), {
          attendanceId: request.params.id,
          operatorId: request.body.operator_id,
        }),
    );

    app.get(
      '/api/attendances/:id/operators',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Operadores do setor do atendimento',
          params: ZBigIdParams,
          response: { 200: z.array(ZSectorOperator) },
        },
      },
      async (request) => listSectorOperators(deps, callerOf(request), { attendanceId: request.params.id }),
    );

    app.post(
      '/api/attendances/:id/viewed',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Registra visualização',
          params: ZBigIdParams,
          response: { 200: z.object({ card: ZCard }) },
        },
      },
      async (request) => markViewed(deps, callerOf(request), { attendanceId: request.params.id }),
    );

    app.post(
      '/api/attendances/:id/unread',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Marca o atendimento como não lido (quando a empresa permite lido/não lido)',
          params: ZBigIdParams,
          response: { 200: ZCardResult },
        },
      },
      async (request) => markUnread(deps, callerOf(request), { attendanceId: request.params.id }),
    );

    app.get(
      '/api/attendances/:id/viewed',
      {
        config: MANAGER,
        schema: { tags, summary: 'Visualizado por', params: ZBigIdParams, response: { 200: ZViewedBy } },
      },
      async (request) => getViewedBy(deps, callerOf(request), { attendanceId: request.params.id }),
    );

    app.post(
      '/api/set-status/:company_id/:sector_id/:user_id',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Classifica ou finaliza',
          params: ZRouteParams,
          body: ZSetStatusInput,
          response: { 200: ZCardResult.extend({ closed: z.boolean() }) },
        },
      },
      async (request) =>
        setStatus(deps, callerOf(request), {
          companyId: request.params.company_id,
          sectorId: request.params.sector_id,
          userId: request.params.user_id,
          status: request.body.status,
          contact: request.body.contact,
        }),
    );

    app.post(
      '/api/set-busy-client/:company_id/:sector_id/:user_id',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Cliente ocupado',
          params: ZRouteParams,
          body: ZSetBusyClientInput,
          response: { 200: ZCardResult },
        },
      },
      async (request) =>
        setBusyClient(deps, callerOf(request), {
          companyId: request.params.company_id,
          sectorId: request.params.sector_id,
          userId: request.params.user_id,
          contact: request.body.contact,
          busy: request.body.busy,
        }),
    );

    app.post(
      '/api/del-locked-contact',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Remove atendimento travado',
          body: z.object({ contact: zBigIdParam() }),
          response: { 200: ZCardResult },
        },
      },
      async (request) => deleteLockedContact(deps, callerOf(request), { attendanceId: request.body.contact }),
    );
  };
}
