import { mergeLists, PERSON_MSG } from '@prosa/shared/person';
import { and, eq } from 'drizzle-orm';
import { attendances, contacts, persons } from '../../db/schema/attendance';
import { schedules } from '../../db/schema/scheduling';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { personSettings, toPersonView } from './person-view';
import { refreshCardNames } from './refresh-card-names';
import { diffPerson, findPerson, logChange, personChannels, personValues } from './repository';

/**
 * Merges `fromId` into `intoId` (spec 3 §3 merge_of): every channel identity and every attendance of the
 * merged record moves to the kept one, empty fields are filled from it, e-mails, phones and tags are joined.
 * The merged record stays (merged_into_id) so old links resolve, but no longer lists or matches a CPF.
 */
export async function mergePersons(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  intoId: number,
  fromId: number,
) {
  const settings = await personSettings(deps.db, caller);
  if (intoId === fromId) throw badRequest(PERSON_MSG.mergeSame);
  const merged = await deps.db.transaction(async (tx) => {
    // Lock in id order so two merges of the same pair cannot deadlock.
    const [firstId, secondId] = intoId < fromId ? [intoId, fromId] : [fromId, intoId];
    const first = await findPerson(tx, caller.companyId, firstId, { lock: true });
    const second = await findPerson(tx, caller.companyId, secondId, { lock: true });
    if (!first || !second) throw notFound();
    const into = first.id === intoId ? first : second;
    const from = first.id === intoId ? second : first;

    await tx
      .update(contacts)
      .set({ personId: into.id })
      .where(ofCompany(contacts, caller.companyId, eq(contacts.personId, from.id)));
    await tx
      .update(attendances)
      .set({ personId: into.id })
      .where(and(eq(attendances.companyId, caller.companyId), eq(attendances.personId, from.id)));
    await tx
      .update(schedules)
      .set({ personId: into.id })
      .where(and(eq(schedules.companyId, caller.companyId), eq(schedules.personId, from.id)));

    // The merged record gives up its CPF first: the kept one may take it (one CPF per live record).
    await tx
      .update(persons)
      .set({ mergedIntoId: into.id, cpf: null, updatedAt: new Date() })
      .where(ofCompany(persons, caller.companyId, eq(persons.id, from.id)));
    const [row] = await tx
      .update(persons)
      .set({
        editedName: into.editedName ?? from.editedName,
        cpf: into.cpf ?? from.cpf,
        cnpj: into.cnpj ?? from.cnpj,
        rg: into.rg ?? from.rg,
        birthDate: into.birthDate ?? from.birthDate,
        jobTitle: into.jobTitle ?? from.jobTitle,
        companyName: into.companyName ?? from.companyName,
        tags: mergeLists(into.tags, from.tags, (t) => t.toLowerCase(), 30),
        emails: mergeLists(into.emails, from.emails, (e) => e.toLowerCase()),
        phones: mergeLists(into.phones, from.phones, (p) => p.phone),
        updatedAt: new Date(),
      })
      .where(ofCompany(persons, caller.companyId, eq(persons.id, into.id)))
      .returning();
    if (!row) throw notFound();
    await logChange(tx, {
      companyId: caller.companyId,
      personId: into.id,
      userId: caller.userId,
      kind: 'merge',
      changes: { merged_person_id: from.id, ...diffPerson(personValues(into), personValues(row)) },
    });
    await logChange(tx, {
      companyId: caller.companyId,
      personId: from.id,
      userId: caller.userId,
      kind: 'merged_into',
      changes: { into_person_id: into.id },
    });
    const channels = await personChannels(tx, caller.companyId, into.id);
    return toPersonView(row, settings, { channel_count: channels.length });
  });
  await refreshCardNames(deps, caller.companyId, merged.id, merged.edited_name);
  return merged;
}
