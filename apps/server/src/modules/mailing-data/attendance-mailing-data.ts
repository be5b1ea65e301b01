import { KEY_PREFIXES } from '@prosa/shared/contact-keys';
import { MAILING_MAX_DISPLAYED, type TAttendanceMailingData } from '@prosa/shared/mailing';
import { and, eq } from 'drizzle-orm';
import { contacts } from '../../db/schema/attendance';
import type { AppDeps, Caller } from '../../platform/deps';
import { loadForAction } from '../attendance/load-for-action';
import { activeMailingsInPeriod, companyToday, findMailingRowValues, paramsOf } from '../mailing/repository';

// Its own module so the mailing module never depends on the attendance module (campaigns read mailings too).

/**
 * Spec 1 §7 "mailing data load": for an attendance the caller sees, the contact's row in every active, imported
 * mailing in period (found by the contact's key for its channel prefix), with the displayed params only.
 */
export async function attendanceMailingData(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  attendanceId: number,
): Promise<TAttendanceMailingData> {
  const { attendance } = await loadForAction(deps, caller, attendanceId, { allowClosed: true });
  const [contact] = await deps.db
    .select({ kind: contacts.kind, externalId: contacts.externalId, data: contacts.data })
    .from(contacts)
    .where(and(eq(contacts.companyId, caller.companyId), eq(contacts.id, attendance.contactId)));
  if (!contact || !(KEY_PREFIXES as readonly string[]).includes(contact.kind)) return [];
  const data = contact.data ?? {};
  const addresses = [contact.externalId, data.contact_email, data.contact_phone].filter(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  const today = await companyToday(deps.db, caller.companyId);
  const mailings = (await activeMailingsInPeriod(deps.db, caller.companyId, today, today)).filter(
    (m) => m.processing === 'done',
  );
  const out: TAttendanceMailingData = [];
  for (const m of mailings) {
    const params = paramsOf(m);
    if (!params.some((p) => p.is_key_to_channel.includes(contact.kind as never))) continue;
    let values: string[] | null = null;
    for (const a of addresses) {
      values = await findMailingRowValues(deps.db, caller.companyId, m.id, contact.kind, a);
      if (values) break;
    }
    if (!values) continue;
    const row = values;
    const shown = params.filter((p) => p.display).slice(0, MAILING_MAX_DISPLAYED);
    out.push({
      mailing_id: m.id,
      title: m.title,
      fields: shown.map((p) => ({ label: p.label, value: row[p.field] ?? '' })),
    });
  }
  return out;
}
