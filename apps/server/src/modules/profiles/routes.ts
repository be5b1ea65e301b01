import { ZMessageOutput } from '@prosa/shared/auth';
import { zIdParam } from '@prosa/shared/ids';
import { ZProfile, ZProfileInput } from '@prosa/shared/users-admin';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER, needs } from '../../http/access';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps } from '../../platform/deps';
import { createProfile, deleteProfile, listProfiles, updateProfile } from './manage-profiles';

const tags = ['profiles'];
const ZCompanyParams = z.object({ companyId: zIdParam() });
const ZProfileParams = z.object({ companyId: zIdParam(), id: zIdParam() });
const ZProfileSaved = z.object({ message: z.string(), profile: ZProfile });
const WRITE = needs(MANAGER, 'perfis', 'write');

// Profiles (spec 2 §3, §7): manager and above; writes need write permission on the profiles module.
export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/companies/:companyId/profiles',
      {
        config: needs(MANAGER, 'perfis', 'read'),
        schema: {
          tags,
          summary: 'Perfis da empresa (busca por nome)',
          params: ZCompanyParams,
          querystring: z.object({ search: z.string().max(80).optional() }),
          response: { 200: z.array(ZProfile) },
        },
      },
      async (request) => {
        const scoped = await companyScope(deps.db, callerOf(request), request.params.companyId);
        return listProfiles(deps, scoped, request.query.search);
      },
    );

    app.post(
      '/api/companies/:companyId/profiles',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Cria perfil',
          params: ZCompanyParams,
          body: ZProfileInput,
          response: { 200: ZProfileSaved },
        },
      },
      async (request) => {
        const scoped = await companyScope(deps.db, callerOf(request), request.params.companyId);
        return createProfile(deps, scoped, request.body);
      },
    );

    app.patch(
      '/api/companies/:companyId/profiles/:id',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Renomeia perfil',
          params: ZProfileParams,
          body: ZProfileInput,
          response: { 200: ZProfileSaved },
        },
      },
      async (request) => {
        const scoped = await companyScope(deps.db, callerOf(request), request.params.companyId);
        return updateProfile(deps, scoped, request.params.id, request.body);
      },
    );

    app.delete(
      '/api/companies/:companyId/profiles/:id',
      {
        config: WRITE,
        schema: { tags, summary: 'Remove perfil', params: ZProfileParams, response: { 200: ZMessageOutput } },
      },
      async (request) => {
        const scoped = await companyScope(deps.db, callerOf(request), request.params.companyId);
        return deleteProfile(deps, scoped, request.params.id);
      },
    );
  };
}
