import { zIdParam } from '@prosa/shared/ids';
import {
  NOTIFICATION_MODELS,
  NOTIFICATION_MSG,
  ZNotificationAdmin,
  ZNotificationInput,
  ZNotificationLead,
  ZNotificationListQuery,
  ZNotificationMessage,
  ZNotificationModel,
  ZNotificationPage,
  ZNotificationSaved,
  ZNotificationUpload,
} from '@prosa/shared/notifications';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { createNotification } from './create-notification';
import { deleteNotification } from './delete-notification';
import { listLeads } from './list-leads';
import { getNotification, listNotifications } from './list-notifications';
import { readImageUpload, uploadNotificationImage } from './notification-image';
import { editNotification } from './update-notification';
import { userNotificationRoutes } from './user-routes';

const tags = ['notifications'];
const ZId = z.object({ id: zIdParam(NOTIFICATION_MSG.notFound) });

/**
 * Notifications (issue 20; spec 2 §2, §5, §7): the admin screen (admin and above; only the notifications aimed at
 * companies the caller manages) and, in user-routes.ts, the users' bell.
 */
export function notificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/notifications',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Notificações (50 por página, mais recentes primeiro; busca por título)',
          querystring: ZNotificationListQuery,
          response: { 200: ZNotificationPage },
        },
      },
      async (request) => listNotifications(deps, callerOf(request), request.query),
    );
    app.get(
      '/api/notifications/models',
      {
        config: ADMIN,
        schema: { tags, summary: 'Modelos de notificação', response: { 200: z.array(ZNotificationModel) } },
      },
      async () => NOTIFICATION_MODELS.map((m) => ({ ...m })),
    );
    app.get(
      '/api/notifications/:id',
      {
        config: ADMIN,
        schema: { tags, summary: 'Uma notificação', params: ZId, response: { 200: ZNotificationAdmin } },
      },
      async (request) => getNotification(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/api/notifications/:id/leads',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Interessados em uma notificação (modelo Lead interessado)',
          params: ZId,
          response: { 200: z.array(ZNotificationLead) },
        },
      },
      async (request) => listLeads(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/notifications',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Cria uma notificação (datas: YYYY-MM-DD HH:mm:ss no fuso da empresa)',
          body: ZNotificationInput,
          response: { 200: ZNotificationSaved },
        },
      },
      async (request) => createNotification(deps, callerOf(request), request.body),
    );
    app.put(
      '/api/notifications/:id',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Altera uma notificação',
          params: ZId,
          body: ZNotificationInput,
          response: { 200: ZNotificationMessage },
        },
      },
      async (request) => editNotification(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/notifications/:id',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Exclui uma notificação',
          params: ZId,
          response: { 200: ZNotificationMessage },
        },
      },
      async (request) => deleteNotification(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/notification-upload',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Imagem da notificação (multipart: file, fileName; jpg/jpeg/png até 2 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: ZNotificationUpload },
        },
      },
      async (request) => uploadNotificationImage(deps, await readImageUpload(request)),
    );
    await app.register(userNotificationRoutes(deps));
  };
}
