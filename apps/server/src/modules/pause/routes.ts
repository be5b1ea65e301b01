import { ZIdParam } from '@prosa/shared/company';
import { zIdParam, zPage } from '@prosa/shared/ids';
import {
  PAUSE_PAGE_SIZES,
  ZControlPause,
  ZLeavePauseInput,
  ZPauseReason,
  ZPauseReasonInput,
  ZPauseReasonPage,
  ZPauseState,
  ZPauseStateResult,
} from '@prosa/shared/pause';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { changePauseReason, enterPause, leavePause, pauseState } from './pause-user';
import { createReason, deleteReason, listReasons, updateReason } from './reasons';
import { getControlPause, saveControlPause } from './settings';

const tags = ['pause'];
const ZReasonResult = z.object({ message: z.string(), reason: ZPauseReason });

export function pauseRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/control-pause',
      {
        config: MANAGER,
        schema: { tags, summary: 'Configuração do controle de pausa', response: { 200: ZControlPause } },
      },
      async (request) => getControlPause(deps, callerOf(request)),
    );
    app.put(
      '/api/control-pause',
      {
        config: needs(MANAGER, 'configuracoes_gerais', 'write'),
        schema: {
          tags,
          summary: 'Salva o controle de pausa',
          body: ZControlPause,
          response: { 200: z.object({ message: z.string(), control_pause: ZControlPause }) },
        },
      },
      async (request) => saveControlPause(deps, callerOf(request), request.body),
    );

    app.get(
      '/api/pause-reasons',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Motivos de pausa (8 por página; 4, 8 ou 16)',
          querystring: z.object({
            page: zPage(),
            count: z.coerce
              .number()
              .refine((n) => (PAUSE_PAGE_SIZES as readonly number[]).includes(n), {
                error: 'Quantidade por página inválida.',
              })
              .default(8),
            search: z.string().max(80).optional(),
          }),
          response: { 200: ZPauseReasonPage },
        },
      },
      async (request) => listReasons(deps, callerOf(request), request.query),
    );
    app.post(
      '/api/pause-reasons',
      {
        config: needs(MANAGER, 'configuracoes_gerais', 'write'),
        schema: {
          tags,
          summary: 'Cria motivo de pausa',
          body: ZPauseReasonInput,
          response: { 200: ZReasonResult },
        },
      },
      async (request) => createReason(deps, callerOf(request), request.body),
    );
    app.put(
      '/api/pause-reasons/:id',
      {
        config: needs(MANAGER, 'configuracoes_gerais', 'write'),
        schema: {
          tags,
          summary: 'Altera motivo de pausa',
          params: ZIdParam,
          body: ZPauseReasonInput,
          response: { 200: ZReasonResult },
        },
      },
      async (request) => updateReason(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/pause-reasons/:id',
      {
        config: needs(MANAGER, 'configuracoes_gerais', 'write'),
        schema: {
          tags,
          summary: 'Remove motivo de pausa',
          params: ZIdParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => deleteReason(deps, callerOf(request), request.params.id),
    );

    app.get(
      '/api/pause',
      { config: ANY_USER, schema: { tags, summary: 'Minha pausa', response: { 200: ZPauseState } } },
      async (request) => pauseState(deps, callerOf(request)),
    );
    app.post(
      '/api/pause',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Entra em pausa',
          body: z.object({ reason_id: zIdParam().optional() }),
          response: { 200: ZPauseStateResult },
        },
      },
      async (request) => enterPause(deps, callerOf(request), { reasonId: request.body.reason_id }),
    );
    app.post(
      '/api/pause/reason',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Troca o motivo da pausa',
          body: z.object({ reason_id: zIdParam() }),
          response: { 200: ZPauseStateResult },
        },
      },
      async (request) => changePauseReason(deps, callerOf(request), { reasonId: request.body.reason_id }),
    );
    app.post(
      '/api/pause/leave',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Sai da pausa',
          body: ZLeavePauseInput,
          response: { 200: ZPauseStateResult },
        },
      },
      async (request) =>
        leavePause(deps, callerOf(request), {
          password: request.body.password,
          reasonId: request.body.reason_id,
        }),
    );
  };
}
