import { and, eq, gt, lt } from 'drizzle-orm';
import { facebookLoginStates, facebookLogins } from '../../db/schema/facebook';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// A company's Facebook Login (the sealed long-lived user token) and the nonces of login dialogs under way.

export type FacebookLoginRow = typeof facebookLogins.$inferSelect;

export async function findLogin(db: Db, companyId: number): Promise<FacebookLoginRow | null> {
  const [row] = await db.select().from(facebookLogins).where(ofCompany(facebookLogins, companyId)).limit(1);
  return row ?? null;
}

export async function saveLogin(db: Db, values: Omit<FacebookLoginRow, 'updatedAt'>) {
  const { companyId, ...rest } = values;
  await db
    .insert(facebookLogins)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: facebookLogins.companyId, set: { ...rest, updatedAt: new Date() } });
}

export async function forgetLogin(db: Db, companyId: number) {
  await db.delete(facebookLogins).where(ofCompany(facebookLogins, companyId));
}

export async function insertLoginState(
  db: Db,
  values: { nonce: string; companyId: number; userId: number; expiresAt: Date },
) {
  // Dialogs left unfinished go with the next one.
  await db.delete(facebookLoginStates).where(lt(facebookLoginStates.expiresAt, new Date()));
  await db.insert(facebookLoginStates).values(values);
}

/** Takes the nonce once: true when it was there, for this company and user, and not expired. */
export async function takeLoginState(db: Db, nonce: string, companyId: number, userId: number) {
  const taken = await db
    .delete(facebookLoginStates)
    .where(
      and(
        ofCompany(facebookLoginStates, companyId, eq(facebookLoginStates.nonce, nonce)),
        eq(facebookLoginStates.userId, userId),
        gt(facebookLoginStates.expiresAt, new Date()),
      ),
    )
    .returning({ nonce: facebookLoginStates.nonce });
  return taken.length > 0;
}
