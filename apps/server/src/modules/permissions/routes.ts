import { ZMessageOutput } from '@prosa/shared/auth';
import { zIdParam } from '@prosa/shared/ids';
import { MODULES, ZPermissionModules, ZSetPermissions, ZTargetPermissions } from '@prosa/shared/permissions';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps } from '../../platform/deps';
import { clearPermissions, getPermissions, setPermissions } from './set-permissions';

const tags = ['permissions'];
const ZTargetParams = z.object({
  companyId: zIdParam(),
  type: z.enum(['user', 'profile']),
  id: zIdParam(),
});

export function permissionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/permissions/modules',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Módulos e ações com suas dependências',
          response: { 200: ZPermissionModules },
        },
      },
      async () => ({ success: true, modules: MODULES }),
    );

    app.get(
      '/api/companies/:companyId/permissions/:type/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Permissões de um usuário ou perfil',
          params: ZTargetParams,
          response: { 200: ZTargetPermissions },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { companyId, type, id } = request.params;
        return getPermissions(deps, caller, await companyScope(deps.db, caller, companyId), { type, id });
      },
    );

    app.post(
      '/api/companies/:companyId/permissions',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Define as permissões (remove, read, write) de um usuário ou perfil',
          params: z.object({ companyId: zIdParam() }),
          body: ZSetPermissions,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const companyId = await companyScope(deps.db, caller, request.params.companyId);
        return setPermissions(deps, caller, companyId, request.body);
      },
    );

    app.delete(
      '/api/companies/:companyId/permissions/:type/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Remove as restrições de módulo (volta a valer só a função)',
          params: ZTargetParams,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { companyId, type, id } = request.params;
        return clearPermissions(deps, caller, await companyScope(deps.db, caller, companyId), { type, id });
      },
    );
  };
}
