import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TSessionUser } from '@prosa/shared/auth';
import { BILLING_ACCESS_SETTING, hasBillingAccess } from '@prosa/shared/billing-texts';
import { CRM_SETTING, crmAccess } from '@prosa/shared/crm-texts';
import { newToken, sha256 } from '../../platform/crypto';
import type { AppDeps } from '../../platform/deps';
import { avatarUrl } from '../account/avatar';
import { effectivePermissions } from '../permissions/repository';
import { userSectorIds } from '../sectors/repository';
import { type ActiveSession, insertAccessLog, insertSession, type UserWithCompany } from './repository';

export const SESSION_COOKIE = 'prosa_session';

export async function createSession(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { found: UserWithCompany; ip: string; userAgent: string | null },
) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + deps.config.SESSION_TTL_HOURS * 3600_000);
  const { user } = input.found;
  const sessionId = await insertSession(deps.db, {
    companyId: user.companyId,
    userId: user.id,
    tokenHash: sha256(token),
    ip: input.ip,
    userAgent: input.userAgent,
    expiresAt,
  });
  await insertAccessLog(deps.db, {
    companyId: user.companyId,
    userId: user.id,
    event: 'login',
    ip: input.ip,
  });
  return { token, sessionId, expiresAt };
}

export async function toSessionUser(
  deps: Pick<AppDeps, 'db'>,
  found: UserWithCompany,
): Promise<TSessionUser> {
  const { user, company } = found;
  return {
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    email: user.email,
    role: user.role,
    companyId: company.id,
    companyName: company.name,
    timezone: company.timezone,
    totpEnabled: user.totpEnabled,
    sectorIds: await userSectorIds(deps.db, user.companyId, user.id),
    operatorStatus: user.operatorStatus === 'online' ? 'online' : 'offline',
    permissions: await effectivePermissions(deps.db, user.companyId, user.id),
    avatarUrl: avatarUrl(user.id, user.settings.avatar),
    billingAccess: hasBillingAccess(user.role, user.settings[BILLING_ACCESS_SETTING] === true),
    crm: crmAccess(user.role, user.settings[CRM_SETTING]),
  };
}

// Socket tokens are HMACs of the session id and its version: "reset realtime token" bumps the version.
export function socketToken(appSecret: string, sessionId: string, version: number): string {
  const mac = createHmac('sha256', appSecret).update(`${sessionId}:${version}`).digest('base64url');
  return `${sessionId}.${mac}`;
}

export function socketTokenMatches(appSecret: string, token: string, active: ActiveSession): boolean {
  const expected = socketToken(appSecret, active.session.id, active.session.socketTokenVersion);
  const a = Buffer.from(token);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
