import { channelKey } from '@prosa/shared/contact-keys';
import { PERSON_IMPORT_EMAIL_KINDS, PERSON_IMPORT_PHONE_KINDS } from '@prosa/shared/person';
import { asc, inArray, isNull } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

const KINDS: readonly string[] = [...PERSON_IMPORT_PHONE_KINDS, ...PERSON_IMPORT_EMAIL_KINDS];
const EMAIL_KINDS: readonly string[] = PERSON_IMPORT_EMAIL_KINDS;

/** The company's live channels an import can bind its contacts to, by name. */
export async function listImportChannels(db: Db, companyId: number) {
  return db
    .select({ id: channels.id, name: channels.name, kind: channels.kind })
    .from(channels)
    .where(ofCompany(channels, companyId, isNull(channels.deletedAt), inArray(channels.kind, KINDS)))
    .orderBy(asc(channels.name), asc(channels.id));
}

export async function findImportChannel(db: Db | Tx, companyId: number, id: number) {
  const rows = await listImportChannels(db as Db, companyId);
  return rows.find((c) => c.id === id);
}

/** The imported person's id on the channel: its first phone (or e-mail, on an e-mail channel) as a key. */
export function importedContactKey(
  kind: string,
  person: { phones: { phone: string }[]; emails: string[] },
): string | null {
  const raw = EMAIL_KINDS.includes(kind) ? person.emails[0] : person.phones[0]?.phone;
  return raw ? channelKey(kind, raw) : null;
}
