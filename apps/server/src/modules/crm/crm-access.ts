import { CRM_FLAG, CRM_MSG, CRM_SETTING, crmAccess, type TCrmAccess } from '@prosa/shared/crm-texts';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';

export type TCrmCaller = { access: TCrmAccess; timezone: string };

/**
 * Every CRM call: the company must allow the CRM (allow.allowCosmosCRM) and the caller needs the per-user CRM
 * permission (spec 2 §6: view to read, edit to change); refused with 403 otherwise.
 */
export async function requireCrm(db: Db, caller: Caller, level: 'view' | 'edit'): Promise<TCrmCaller> {
  const [company] = await db
    .select({ metadata: companies.metadata, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, caller.companyId))
    .limit(1);
  if (!company) throw notFound();
  const allow = (company.metadata as { allow?: Record<string, unknown> }).allow;
  if (allow?.[CRM_FLAG] !== true) throw forbidden(CRM_MSG.notEnabled);
  const [user] = await db
    .select({ settings: users.settings })
    .from(users)
    .where(ofCompany(users, caller.companyId, eq(users.id, caller.userId)));
  const access = crmAccess(caller.role, user?.settings[CRM_SETTING]);
  if (!access.view) throw forbidden(CRM_MSG.noView);
  if (level === 'edit' && !access.edit) throw forbidden(CRM_MSG.noEdit);
  return { access, timezone: company.timezone };
}
