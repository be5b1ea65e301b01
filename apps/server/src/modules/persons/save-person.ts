import { ERROR_CODE } from '@prosa/shared/messages';
import { isMasked, PERSON_MSG, type TPersonData } from '@prosa/shared/person';
import { eq } from 'drizzle-orm';
import { persons } from '../../db/schema/attendance';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { nameIsBlocked } from './name-filter';
import { personSettings, toPersonView } from './person-view';
import { refreshCardNames } from './refresh-card-names';
import {
  columnsOf,
  diffPerson,
  findByCpf,
  findPerson,
  logChange,
  personChannels,
  personValues,
} from './repository';

function cpfUsed(personId: number) {
  // 409 with the other record's id: the web offers to merge the two (spec 3 §5, §8).
  return new AppError('CPF_USED', PERSON_MSG.cpfUsed, 409, { person_id: personId });
}

/** Creates (id null) or updates a person record, logging what changed. */
export async function savePerson(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  id: number | null,
  input: TPersonData,
) {
  const settings = await personSettings(deps.db, caller);
  if (input.edited_name && (await nameIsBlocked(deps.db, caller, input.edited_name)))
    throw badRequest(PERSON_MSG.nameBlocked);

  const saved = await deps.db.transaction(async (tx) => {
    if (input.cpf) {
      const other = await findByCpf(tx, caller.companyId, input.cpf);
      if (other && other.id !== id) throw cpfUsed(other.id);
    }
    if (id === null) {
      if (input.phones.some((p) => isMasked(p.phone))) throw badRequest(PERSON_MSG.phoneInvalid);
      if (input.emails.some(isMasked)) throw badRequest(PERSON_MSG.emailInvalid);
      const [row] = await tx
        .insert(persons)
        .values({ companyId: caller.companyId, ...columnsOf(input) })
        .returning();
      if (!row) throw new AppError(ERROR_CODE.internal, PERSON_MSG.saveError, 500);
      await logChange(tx, {
        companyId: caller.companyId,
        personId: row.id,
        userId: caller.userId,
        kind: 'create',
        changes: diffPerson({} as ReturnType<typeof personValues>, personValues(row)),
      });
      return toPersonView(row, settings, { channel_count: 0 });
    }

    const before = await findPerson(tx, caller.companyId, id, { lock: true });
    if (!before) throw notFound();
    const next = columnsOf(input);
    // Masked values are never written back: an operator who sees "****1234" keeps the stored numbers.
    if (settings.maskPhone) next.phones = before.phones;
    else if (next.phones.some((p) => isMasked(p.phone))) throw badRequest(PERSON_MSG.phoneInvalid);
    if (settings.maskEmail) next.emails = before.emails;
    else if (next.emails.some(isMasked)) throw badRequest(PERSON_MSG.emailInvalid);
    if (next.emails.length === 0 && next.phones.length === 0) throw badRequest(PERSON_MSG.needEmailOrPhone);
    const [row] = await tx
      .update(persons)
      .set({ ...next, updatedAt: new Date() })
      .where(ofCompany(persons, caller.companyId, eq(persons.id, id)))
      .returning();
    if (!row) throw notFound();
    const changes = diffPerson(personValues(before), personValues(row));
    if (Object.keys(changes).length > 0) {
      await logChange(tx, {
        companyId: caller.companyId,
        personId: id,
        userId: caller.userId,
        kind: 'update',
        changes,
      });
    }
    const channels = await personChannels(tx, caller.companyId, id);
    return toPersonView(row, settings, { channel_count: channels.length });
  });
  if (id !== null) await refreshCardNames(deps, caller.companyId, saved.id, saved.edited_name);
  return saved;
}
