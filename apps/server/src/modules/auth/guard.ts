import { ERROR_CODE, MSG } from '@prosa/shared/messages';
import { can } from '@prosa/shared/permissions';
import { ROLE } from '@prosa/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../../platform/crypto';
import type { AppDeps } from '../../platform/deps';
import { AppError, forbidden, unauthenticated } from '../../platform/errors';
import { effectivePermissions } from '../permissions/repository';
import { checkAccess } from './check-access';
import { findActiveSession, touchSession } from './repository';
import { SESSION_COOKIE } from './sessions';

const TOUCH_AFTER_MS = 5 * 60_000;

export function registerGuard(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'config'>) {
  app.decorateRequest('auth', null);

  // A route without an access declaration is a programming error: refuse to start.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Rota ${route.method} ${route.url} sem declaração de acesso (config.access)`);
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.auth = await resolveSession(deps, token, request.ip);
    if ('public' in access) return;
    const active = request.auth;
    if (!active) throw unauthenticated();
    if (active.user.role < access.minRole) throw forbidden();
    const permission = request.routeOptions.config?.permission;
    if (permission && active.user.role < ROLE.admin) {
      const map = await effectivePermissions(deps.db, active.user.companyId, active.user.id);
      if (!can(map, permission.action, permission.level)) {
        throw forbidden(permission.level === 'write' ? permission.message : MSG.forbidden);
      }
    }
  });
}

async function resolveSession(deps: Pick<AppDeps, 'db' | 'config'>, token: string, ip: string) {
  const active = await findActiveSession(deps.db, { tokenHash: sha256(token) });
  if (!active) return null;
  try {
    checkAccess(active, ip);
  } catch (err) {
    // A blocked IP or an inactivated user or company is refused with its own message, not as "not logged in".
    if (err instanceof AppError) throw err;
    throw new AppError(ERROR_CODE.internal, MSG.genericError, 500);
  }
  if (Date.now() - active.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await touchSession(
      deps.db,
      active.session.id,
      new Date(Date.now() + deps.config.SESSION_TTL_HOURS * 3600_000),
    );
  }
  return active;
}
