import { eq } from 'drizzle-orm';
import { contacts } from '../../db/schema/attendance';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

const PHONE = /^\+?\d{8,15}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** What an opportunity copies from a contact record: its name and, from its identity, a phone or an e-mail. */
export async function contactCard(db: Db | Tx, companyId: number, contactId: number) {
  const [row] = await db
    .select({ id: contacts.id, name: contacts.name, externalId: contacts.externalId, data: contacts.data })
    .from(contacts)
    .where(ofCompany(contacts, companyId, eq(contacts.id, contactId)));
  if (!row) return undefined;
  const data = row.data as { phone?: unknown; email?: unknown };
  const phone = PHONE.test(row.externalId)
    ? row.externalId
    : typeof data.phone === 'string'
      ? data.phone
      : '';
  const email = EMAIL.test(row.externalId)
    ? row.externalId
    : typeof data.email === 'string'
      ? data.email
      : '';
  return { id: row.id, name: row.name, phone, email };
}
