import { maskEmail, maskPhone, PERSON_MSG } from '@prosa/shared/person';
import { inArray } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { loadForAction } from '../attendance/load-for-action';
import { type Masks, personSettings, toPersonView } from './person-view';
import { findPerson, listChanges, personChannels } from './repository';

export async function getPerson(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const settings = await personSettings(deps.db, caller);
  const row = await findPerson(deps.db, caller.companyId, id);
  if (!row) throw notFound();
  const channels = await personChannels(deps.db, caller.companyId, id);
  return { ...toPersonView(row, settings, { channel_count: channels.length }), channels };
}

/** The person of an attendance the caller can see (the chat's contact modal). */
export async function getAttendancePerson(deps: Pick<AppDeps, 'db'>, caller: Caller, attendanceId: number) {
  const { attendance } = await loadForAction(deps, caller, attendanceId, { allowClosed: true });
  if (!(await findPerson(deps.db, caller.companyId, attendance.personId)))
    throw notFound(PERSON_MSG.noContact);
  return getPerson(deps, caller, attendance.personId);
}

/** The change log of a person, newest first, with who made each change. */
export async function getPersonChanges(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const settings = await personSettings(deps.db, caller);
  const row = await findPerson(deps.db, caller.companyId, id);
  if (!row) throw notFound();
  const changes = (await listChanges(deps.db, caller.companyId, id)).map((c) => ({
    ...c,
    changes: maskChanges(c.changes, settings),
  }));
  const userIds = [...new Set(changes.map((c) => c.userId).filter((v): v is number => v !== null))];
  const names = userIds.length
    ? await deps.db
        .select({ id: users.id, name: users.displayName })
        .from(users)
        .where(ofCompany(users, caller.companyId, inArray(users.id, userIds)))
    : [];
  const nameOf = new Map(names.map((u) => [u.id, u.name]));
  return changes
    .map((c) => ({
      id: c.id,
      kind: c.kind,
      user_name: c.userId ? (nameOf.get(c.userId) ?? null) : null,
      changes: c.changes,
      created_at: c.createdAt.toISOString(),
    }))
    .reverse();
}

/** Old and new phones and e-mails in the log are masked for whoever sees them masked on the record. */
function maskChanges(changes: Record<string, unknown>, masks: Masks): Record<string, unknown> {
  const out = { ...changes };
  const pair = (v: unknown) => (Array.isArray(v) && v.length === 2 ? (v as [unknown, unknown]) : null);
  const phones = pair(out.phones);
  if (masks.maskPhone && phones) {
    out.phones = phones.map((list) =>
      Array.isArray(list)
        ? list.map((p: { phone: string; is_whatsapp: boolean }) => ({ ...p, phone: maskPhone(p.phone) }))
        : list,
    );
  }
  const emails = pair(out.emails);
  if (masks.maskEmail && emails) {
    out.emails = emails.map((list) => (Array.isArray(list) ? list.map((e: string) => maskEmail(e)) : list));
  }
  return out;
}
