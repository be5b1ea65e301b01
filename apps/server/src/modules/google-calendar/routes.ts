import {
  ZGoogleCalendarConnect,
  ZGoogleCalendarResult,
  ZGoogleCalendarState,
} from '@prosa/shared/google-calendar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getCalendarState } from './calendar-state';
import { connectCalendar } from './connect-calendar';
import { disconnectCalendar } from './disconnect-calendar';

const tags = ['google-calendar'];

/** Google Calendar (issue 22; spec 3 §7): each user's own calendar permission. */
export function googleCalendarRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/google-calendar',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Permissão da Google Agenda do usuário',
          response: { 200: ZGoogleCalendarState },
        },
      },
      async (request) => getCalendarState(deps, callerOf(request)),
    );
    app.post(
      '/api/google-calendar',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Conecta a Google Agenda do usuário (código de autorização)',
          body: ZGoogleCalendarConnect,
          response: { 200: ZGoogleCalendarResult },
        },
      },
      async (request) => connectCalendar(deps, callerOf(request), request.body),
    );
    app.delete(
      '/api/google-calendar',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Desconecta a Google Agenda do usuário',
          response: { 200: ZGoogleCalendarResult },
        },
      },
      async (request) => disconnectCalendar(deps, callerOf(request)),
    );
  };
}
