import { ZIdParam } from '@prosa/shared/company';
import { ZBigIdParams } from '@prosa/shared/ids';
import {
  ZScheduleCanceled,
  ZScheduleCreated,
  ZScheduleInput,
  ZScheduleList,
  ZSchedulePatch,
  ZScheduleUpdated,
} from '@prosa/shared/scheduling';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { cancelSchedule } from './cancel-schedule';
import { createSchedule } from './create-schedule';
import { listSchedules } from './list-schedules';
import { updateSchedule } from './update-schedule';

const tags = ['scheduling'];

export function schedulingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/attendances/:id/schedules',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Agendamentos do contato do atendimento (retorno mais recente primeiro)',
          params: ZBigIdParams,
          response: { 200: ZScheduleList },
        },
      },
      async (request) => listSchedules(deps, callerOf(request), request.params.id),
    );

    app.post(
      '/api/attendances/:id/schedules',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Agenda o retorno do atendimento (um agendamento aberto por atendimento)',
          params: ZBigIdParams,
          body: ZScheduleInput,
          response: { 200: ZScheduleCreated },
        },
      },
      async (request) =>
        createSchedule(deps, callerOf(request), {
          attendanceId: request.params.id,
          returnAt: request.body.return_at,
          sectorId: request.body.sector_id,
        }),
    );

    app.patch(
      '/api/schedules/:id',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Altera data e setor de um agendamento aberto',
          params: ZIdParam,
          body: ZSchedulePatch,
          response: { 200: ZScheduleUpdated },
        },
      },
      async (request) =>
        updateSchedule(deps, callerOf(request), {
          scheduleId: request.params.id,
          returnAt: request.body.return_at,
          sectorId: request.body.sector_id,
        }),
    );

    app.delete(
      '/api/schedules/:id',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Cancela um agendamento aberto (o atendimento volta à lista)',
          params: ZIdParam,
          response: { 200: ZScheduleCanceled },
        },
      },
      async (request) => cancelSchedule(deps, callerOf(request), { scheduleId: request.params.id }),
    );
  };
}
