import { zIdParam } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyRequest } from 'fastify';
import { callerOf, MANAGER, needs } from '../../http/access';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps } from '../../platform/deps';

// Pieces shared by the user, signature and import routes of a company (spec 2 §7 Login and users).
export const tags = ['users'];
export const READ = needs(MANAGER, 'usuarios', 'read');
export const WRITE = needs(MANAGER, 'usuarios', 'write');

export const ZCompanyParams = z.object({ companyId: zIdParam() });
export const ZUserParams = z.object({ companyId: zIdParam(), id: zIdParam() });

/** The caller and the company the call acts on (own; listed ones for admins; all for lords; else 404). */
export function scopeOf(deps: AppDeps) {
  return async (request: FastifyRequest & { params: { companyId: number } }) => {
    const caller = callerOf(request);
    return { caller, companyId: await companyScope(deps.db, caller, request.params.companyId) };
  };
}
