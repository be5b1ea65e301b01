import { zIdParam } from '@prosa/shared/ids';
import {
  NOTIFICATION_MSG,
  ZNotificationLeadInput,
  ZNotificationMessage,
  ZUserNotification,
  ZUserNotifications,
} from '@prosa/shared/notifications';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { createLead } from './create-lead';
import { readNotificationImage } from './notification-image';
import { setRead } from './set-read';
import { unreadNotifications, userNotification } from './user-notifications';

const tags = ['notifications'];
const ZId = z.object({ id: zIdParam(NOTIFICATION_MSG.notFound) });

/** The users' side (spec 2 §2 notifications modal, §7 unread, setRead, lead): every role, their company only. */
export function userNotificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/notifications/unread',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Notificações não lidas do usuário', response: { 200: ZUserNotifications } },
      },
      async (request) => unreadNotifications(deps, callerOf(request)),
    );
    app.get(
      '/api/notifications/:id/detail',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Uma notificação do usuário (detalhe)',
          params: ZId,
          response: { 200: ZUserNotification },
        },
      },
      async (request) => userNotification(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/notifications/:id/set-read',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Marca a notificação como lida',
          params: ZId,
          response: { 200: ZNotificationMessage },
        },
      },
      async (request) => setRead(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/notifications/:id/lead',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Tenho interesse: nome e telefone (modelo Lead interessado)',
          params: ZId,
          body: ZNotificationLeadInput,
          response: { 200: ZNotificationMessage },
        },
      },
      async (request) => createLead(deps, callerOf(request), request.params.id, request.body),
    );
    app.get(
      '/api/notification-images/:file',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Imagem de uma notificação',
          params: z.object({ file: z.string().max(80) }),
        },
      },
      async (request, reply) => {
        const found = await readNotificationImage(deps, callerOf(request), request.params.file);
        return reply
          .header('content-type', found.contentType)
          .header('content-length', String(found.length))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(found.body);
      },
    );
  };
}
