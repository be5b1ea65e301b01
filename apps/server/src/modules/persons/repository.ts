import type { TPersonData } from '@prosa/shared/person';
import { and, eq, isNull } from 'drizzle-orm';
import { contacts, personChanges, persons } from '../../db/schema/attendance';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

export type PersonRow = typeof persons.$inferSelect;

/** The fields a person record edits, in the order the change log shows them. */
export const PERSON_FIELDS = [
  'name',
  'edited_name',
  'cpf',
  'cnpj',
  'rg',
  'birth_date',
  'job_title',
  'company_name',
  'tags',
  'emails',
  'phones',
] as const;
export type TPersonField = (typeof PERSON_FIELDS)[number];

export function personValues(row: PersonRow): Record<TPersonField, unknown> {
  return {
    name: row.name,
    edited_name: row.editedName,
    cpf: row.cpf,
    cnpj: row.cnpj,
    rg: row.rg,
    birth_date: row.birthDate,
    job_title: row.jobTitle,
    company_name: row.companyName,
    tags: row.tags,
    emails: row.emails,
    phones: row.phones,
  };
}

export function columnsOf(data: TPersonData) {
  return {
    name: data.name,
    editedName: data.edited_name,
    cpf: data.cpf,
    cnpj: data.cnpj,
    rg: data.rg,
    birthDate: data.birth_date,
    jobTitle: data.job_title,
    companyName: data.company_name,
    tags: data.tags,
    emails: data.emails,
    phones: data.phones,
  };
}

/** What changed between two records, field by field (old and new values). */
export function diffPerson(before: Record<TPersonField, unknown>, after: Record<TPersonField, unknown>) {
  const out: Record<string, [unknown, unknown]> = {};
  for (const f of PERSON_FIELDS) {
    if (JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null))
      out[f] = [before[f] ?? null, after[f] ?? null];
  }
  return out;
}

export async function findPerson(db: Db | Tx, companyId: number, id: number, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(persons)
    .where(ofCompany(persons, companyId, eq(persons.id, id), isNull(persons.mergedIntoId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export async function findByCpf(db: Db | Tx, companyId: number, cpf: string) {
  const [row] = await db
    .select({ id: persons.id, name: persons.name })
    .from(persons)
    .where(ofCompany(persons, companyId, eq(persons.cpf, cpf), isNull(persons.mergedIntoId)));
  return row;
}

export async function personChannels(db: Db | Tx, companyId: number, personId: number) {
  return db
    .select({ id: contacts.id, kind: contacts.kind, channel_id: contacts.channelId, name: contacts.name })
    .from(contacts)
    .where(ofCompany(contacts, companyId, eq(contacts.personId, personId)));
}

export async function logChange(
  db: Db | Tx,
  input: {
    companyId: number;
    personId: number;
    userId: number | null;
    kind: string;
    changes: Record<string, unknown>;
  },
) {
  await db.insert(personChanges).values(input);
}

export async function listChanges(db: Db | Tx, companyId: number, personId: number) {
  return db
    .select()
    .from(personChanges)
    .where(and(eq(personChanges.companyId, companyId), eq(personChanges.personId, personId)))
    .orderBy(personChanges.createdAt);
}
