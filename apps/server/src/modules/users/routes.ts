import { ZIdParam, ZUserListItem } from '@prosa/shared/company';
import {
  ZInactivateInput,
  ZOperatorStatusInput,
  ZUserCreateInput,
  ZUserDetail,
  ZUserFormOptions,
  ZUserListQuery,
  ZUserPage,
  ZUserSaved,
  ZUserSectorsInput,
  ZUserUpdateInput,
} from '@prosa/shared/users-admin';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { getCompanyUser, getUserByEmail, listCompanyUsers, userFormOptions } from './read-users';
import { findUserItem, listUsers } from './repository';
import { READ, scopeOf, tags, WRITE, ZCompanyParams, ZUserParams } from './route-scope';
import { createUser, updateUser, updateUserSectors } from './save-user';
import { activateUser, inactivateUser, setUserStatus } from './user-state';

/** A company's users (spec 2 §7): list, search by e-mail, form options, create, edit, sectors, state. */
export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const scope = scopeOf(deps);
  return async (app) => {
    app.get(
      '/api/companies/:companyId/users',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Usuários da empresa (busca por nome ou e-mail, paginada)',
          params: ZCompanyParams,
          querystring: ZUserListQuery,
          response: { 200: ZUserPage },
        },
      },
      async (request) => {
        const s = await scope(request);
        return listCompanyUsers(deps, s.caller, s.companyId, request.query);
      },
    );

    app.get(
      '/api/companies/:companyId/users/by-email',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Busca usuário por e-mail',
          params: ZCompanyParams,
          querystring: z.object({ email: z.string().max(254) }),
          response: { 200: ZUserDetail },
        },
      },
      async (request) => {
        const s = await scope(request);
        return getUserByEmail(deps, s.caller, s.companyId, request.query.email);
      },
    );

    app.get(
      '/api/companies/:companyId/users/form-options',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Setores, perfis e funções oferecidos no cadastro de usuário',
          params: ZCompanyParams,
          response: { 200: ZUserFormOptions },
        },
      },
      async (request) => {
        const s = await scope(request);
        return userFormOptions(deps, s.caller, s.companyId);
      },
    );

    app.get(
      '/api/companies/:companyId/users/:id',
      {
        config: READ,
        schema: { tags, summary: 'Um usuário', params: ZUserParams, response: { 200: ZUserDetail } },
      },
      async (request) => {
        const s = await scope(request);
        return getCompanyUser(deps, s.caller, s.companyId, request.params.id);
      },
    );

    app.post(
      '/api/companies/:companyId/users',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Cadastra usuário',
          params: ZCompanyParams,
          body: ZUserCreateInput,
          response: { 200: ZUserSaved },
        },
      },
      async (request) => {
        const s = await scope(request);
        return createUser(deps, s.caller, s.companyId, request.body);
      },
    );

    app.patch(
      '/api/companies/:companyId/users/:id',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Altera usuário (senha opcional: o usuário terá de trocá-la)',
          params: ZUserParams,
          body: ZUserUpdateInput,
          response: { 200: ZUserSaved },
        },
      },
      async (request) => {
        const s = await scope(request);
        return updateUser(deps, s.caller, s.companyId, request.params.id, request.body);
      },
    );

    app.patch(
      '/api/companies/:companyId/users/:id/sectors',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Setores e setores de transferência do usuário',
          params: ZUserParams,
          body: ZUserSectorsInput,
          response: { 200: ZUserSaved },
        },
      },
      async (request) => {
        const s = await scope(request);
        return updateUserSectors(deps, s.caller, s.companyId, request.params.id, request.body);
      },
    );

    app.post(
      '/api/companies/:companyId/users/:id/inactivate',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Inativa o usuário a partir de uma data (DD/MM/AAAA)',
          params: ZUserParams,
          body: ZInactivateInput,
          response: { 200: ZUserSaved },
        },
      },
      async (request) => {
        const s = await scope(request);
        return inactivateUser(deps, s.caller, s.companyId, request.params.id, request.body.inactive_since);
      },
    );

    app.post(
      '/api/companies/:companyId/users/:id/activate',
      {
        config: WRITE,
        schema: { tags, summary: 'Reativa o usuário', params: ZUserParams, response: { 200: ZUserSaved } },
      },
      async (request) => {
        const s = await scope(request);
        return activateUser(deps, s.caller, s.companyId, request.params.id);
      },
    );

    app.post(
      '/api/companies/:companyId/users/:id/status',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Coloca o usuário on-line ou off-line',
          params: ZUserParams,
          body: ZOperatorStatusInput,
          response: {
            200: z.object({
              message: z.string(),
              status: z.enum(['online', 'offline']),
              returned_to_queue: z.number(),
            }),
          },
        },
      },
      async (request) => {
        const s = await scope(request);
        return setUserStatus(deps, s.caller, s.companyId, request.params.id, request.body.status);
      },
    );

    // The caller's own company, without the company id in the path (filters of other screens, e.g. history).
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
