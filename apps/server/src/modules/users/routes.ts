import { ZUserSettings } from '@prosa/shared/account';
import { ZIdParam, ZUserListItem } from '@prosa/shared/company';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findUserItem, listUsers } from './repository';
import { getUserSettings, updateUserSettings } from './user-settings';

const tags = ['users'];

export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users/me/settings',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Preferências do usuário', response: { 200: ZUserSettings } },
      },
      async (request) => ZUserSettings.parse(await getUserSettings(deps, callerOf(request))),
    );
    app.put(
      '/api/users/me/settings',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Salva preferências do usuário',
          body: ZUserSettings,
          response: { 200: ZUserSettings },
        },
      },
      async (request) => ZUserSettings.parse(await updateUserSettings(deps, callerOf(request), request.body)),
    );

    app.get(
      '/api/users',
      {
        config: MANAGER,
        schema: { tags, summary: 'Usuários da empresa', response: { 200: z.array(ZUserListItem) } },
      },
      async (request) => {
        const caller = callerOf(request);
        return listUsers(deps.db, caller.companyId, caller.role);
      },
    );

    app.get(
      '/api/users/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Um usuário', params: ZIdParam, response: { 200: ZUserListItem } },
      },
      async (request) => {
        const caller = callerOf(request);
        const user = await findUserItem(deps.db, caller.companyId, request.params.id, caller.role);
        if (!user) throw notFound();
        return user;
      },
    );
  };
}
