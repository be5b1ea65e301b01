import { nearRealTimeEmail, readCompanyMetadata } from '@prosa/shared/company-metadata';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import type { Db } from '../../platform/db';

/**
 * Whether the company's mailboxes wait for new mail with IMAP IDLE (its "near-real-time e-mail" flag, spec 1 §7);
 * a company or metadata that cannot be read keeps IDLE (the default).
 */
export async function readsWithIdle(db: Db, companyId: number): Promise<boolean> {
  try {
    const [row] = await db
      .select({ metadata: companies.metadata })
      .from(companies)
      .where(eq(companies.id, companyId));
    return nearRealTimeEmail(readCompanyMetadata(row?.metadata ?? {}).allow);
  } catch {
    return true;
  }
}
