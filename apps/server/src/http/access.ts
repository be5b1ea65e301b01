import { ADMIN_MSG } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import type { FastifyRequest } from 'fastify';
import type { ActiveSession } from '../modules/auth/repository';
import type { Caller } from '../platform/deps';
import { unauthenticated } from '../platform/errors';

// What routes declare and read about their caller; the guard that enforces it (./guard.ts) is registered by app.ts.

/** Every /api route declares who may call it: anyone, or an authenticated user from a minimum role up. */
export type Access = { public: true } | { minRole: number };

/** Route access rules, shared by every module's routes (config: PUBLIC, ANY_USER, MANAGER or ADMIN). */
export const PUBLIC = { access: { public: true } } as const;
export const ANY_USER = { access: { minRole: ROLE.operator } } as const;
export const MANAGER = { access: { minRole: ROLE.manager } } as const;
export const ADMIN = { access: { minRole: ROLE.admin } } as const;

/** A module permission a route needs besides its role (spec 3 §6 menu access keys), checked for non-admins. */
export type RoutePermission = { action: string; level: 'read' | 'write'; message?: string };

/** A role rule plus a module permission: `config: needs(MANAGER, 'historico', 'read')`. */
export function needs<T extends { access: Access }>(
  rule: T,
  action: string,
  level: 'read' | 'write',
  message: string = ADMIN_MSG.noWritePermission,
) {
  return { ...rule, permission: { action, level, message } satisfies RoutePermission };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
  }
}

export function callerOf(request: FastifyRequest): Caller {
  const active = request.auth;
  if (!active) throw unauthenticated();
  return {
    sessionId: active.session.id,
    userId: active.user.id,
    companyId: active.user.companyId,
    role: active.user.role,
    displayName: active.user.displayName,
  };
}
