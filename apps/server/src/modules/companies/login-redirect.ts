import { isIP } from 'node:net';
import { LOGIN_REDIRECT_MSG } from '@prosa/shared/login-redirect';
import { ROLE } from '@prosa/shared/roles';
import { eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { noticeCompanyUpdated } from '../../facts/notices';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { isPublicAddress } from '../../platform/outbound-url';

/** The stored redirect of a company's metadata, when it is a usable https address. */
export function redirectUrlOf(metadata: unknown): string | null {
  const value = (metadata as { redirect_url?: unknown } | null)?.redirect_url;
  return typeof value === 'string' && value.startsWith('https://') ? value : null;
}

/**
 * Where a user who just proved their password must go instead of a session here (spec 2 §4), or null.
 * Admins and the platform owner stay, so whoever set the redirect can still undo it.
 */
export function loginRedirectFor(found: { user: { role: number }; company: { metadata: unknown } }) {
  if (found.user.role >= ROLE.admin) return null;
  return redirectUrlOf(found.company.metadata);
}

export async function getLoginRedirect(deps: Pick<AppDeps, 'db'>, caller: Caller, companyId: number) {
  const id = await companyScope(deps.db, caller, companyId);
  const [row] = await deps.db
    .select({ metadata: companies.metadata })
    .from(companies)
    .where(eq(companies.id, id));
  if (!row) throw notFound();
  return { redirect_url: redirectUrlOf(row.metadata) };
}

/** Sets (https, public host) or clears (null or '') the company's new product URL. */
export async function setLoginRedirect(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  companyId: number,
  url: string | null,
) {
  const id = await companyScope(deps.db, caller, companyId);
  const value = url?.trim() || null;
  if (value !== null) {
    // The outbound guard's rule for literal addresses: a private or loopback IP is never a product URL.
    const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
    if ((isIP(host) && !isPublicAddress(host)) || host === 'localhost' || host.endsWith('.localhost'))
      throw badRequest(LOGIN_REDIRECT_MSG.notPublic);
  }
  const metadata =
    value === null
      ? sql`${companies.metadata} - 'redirect_url'`
      : sql`${companies.metadata} || jsonb_build_object('redirect_url', ${value}::text)`;
  await deps.db.update(companies).set({ metadata }).where(eq(companies.id, id));
  await noticeCompanyUpdated(deps.db, id, ['redirect_url'], caller.userId);
  return {
    message: value === null ? LOGIN_REDIRECT_MSG.cleared : LOGIN_REDIRECT_MSG.saved,
    redirect_url: value,
  };
}
