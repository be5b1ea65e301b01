import { ZIdParam, ZUserListItem } from '@prosa/shared/company';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findUserItem, listUsers } from './repository';

const tags = ['users'];

export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
