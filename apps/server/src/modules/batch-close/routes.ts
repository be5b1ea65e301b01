import {
  BATCH_CLOSE_MSG,
  ZBatchCloseCancel,
  ZBatchCloseCreate,
  ZBatchCloseDetail,
  ZBatchCloseDetailQuery,
  ZBatchCloseFilters,
  ZBatchCloseList,
  ZBatchCloseSaved,
  ZOpenHistories,
} from '@prosa/shared/batch-close';
import { zIdParam } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { gateModule } from '../company-metadata/module-gate';
import { cancelQueue } from './cancel-queue';
import { createQueue } from './create-queue';
import { allQueues, oneQueue } from './list-queues';
import { openHistories } from './search-open-attendances';

const tags = ['batch-close'];
const ZQueueIdParam = z.object({ id: zIdParam(BATCH_CLOSE_MSG.notFound) });

/** Batch close (spec 3 §7): manager and above, always the caller's company. */
export function batchCloseRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Settings tab: the company may turn the module off (allow.batch_close, on by default): every route is 403 then.
    gateModule(app, deps.db, 'batch_close');
    app.get(
      '/api/batch-close-queue',
      {
        config: MANAGER,
        schema: { tags, summary: 'Ações em massa da empresa', response: { 200: ZBatchCloseList } },
      },
      async (request) => allQueues(deps, callerOf(request)),
    );

    app.get(
      '/api/batch-close-queue/open-histories',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Atendimentos abertos visíveis ao usuário, pelos filtros (mês atual por padrão)',
          querystring: ZBatchCloseFilters,
          response: { 200: ZOpenHistories },
        },
      },
      async (request) => openHistories(deps, callerOf(request), request.query),
    );

    app.get(
      '/api/batch-close-queue/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Uma ação em massa, seus contadores e seus atendimentos (paginados)',
          params: ZQueueIdParam,
          querystring: ZBatchCloseDetailQuery,
          response: { 200: ZBatchCloseDetail },
        },
      },
      async (request) => oneQueue(deps, callerOf(request), request.params.id, request.query),
    );

    app.post(
      '/api/batch-close-queue',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Cria ação em massa',
          body: ZBatchCloseCreate,
          response: { 200: ZBatchCloseSaved },
        },
      },
      async (request) => createQueue(deps, callerOf(request), request.body),
    );

    app.post(
      '/api/batch-close-queue/cancel',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Cancela ação em massa',
          body: ZBatchCloseCancel,
          response: { 200: ZBatchCloseSaved },
        },
      },
      async (request) => cancelQueue(deps, callerOf(request), request.body.id),
    );
  };
}
