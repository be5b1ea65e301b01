import { BILLING_ACCESS_SETTING, hasBillingAccess } from '@prosa/shared/billing-texts';
import { ROLE } from '@prosa/shared/roles';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';

/** Whose invoices the caller reads: the owner (lord) every company's (companyId null), others their company's. */
export type TBillingReader = { companyId: number | null; owner: boolean };

/** Spec 3 §6: an admin, or a manager an admin allowed (users.settings.allow_billing_access); others 403. */
export async function billingReader(db: Db, caller: Caller): Promise<TBillingReader> {
  if (caller.role >= ROLE.lord) return { companyId: null, owner: true };
  let allowed = false;
  if (caller.role === ROLE.manager) {
    const [row] = await db
      .select({ settings: users.settings })
      .from(users)
      .where(ofCompany(users, caller.companyId, eq(users.id, caller.userId)));
    allowed = row?.settings[BILLING_ACCESS_SETTING] === true;
  }
  if (!hasBillingAccess(caller.role, allowed)) throw forbidden();
  return { companyId: caller.companyId, owner: false };
}

/** Issuing invoices and attaching receipts and billets is the installation owner's business (role 1000). */
export function assertOwner(caller: Caller) {
  if (caller.role < ROLE.lord) throw forbidden();
}
