// The mailing triggers (spec 2 §5; issue 18) inside the trigger engine's transaction: mailing_validation asks for
// a datum at the opening and looks the answer up in a column of the mailing; mailing_sector_transfer sends the
// attendance to the sector of the contact's row (its cod_setor). A mailing inactive or out of its period is
// skipped (the attendance goes on as without the trigger).
import { mailingState } from '@prosa/shared/mailing';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { attendances, contacts } from '../../db/schema/attendance';
import { sectors } from '../../db/schema/organization';
import { writeFacts } from '../../facts/write-facts';
import { updatedFact } from '../attendance/attendance-facts';
import { type AutomationRun, hold } from '../automation/run';
import {
  companyToday,
  findMailing,
  findMailingRowValues,
  findRowByColumn,
  paramsOf,
} from '../mailing/repository';
import { mailingPrefixOf, sectorColumnOf } from './check-mailing-trigger';
import { endSession, loadTriggers, sendTrigger } from './engine-support';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The session state that marks the agreement holder as waiting for the mailing validation's answer. */
export const MAILING_VALIDATION_STATE = 'mailing_validation';

async function usableMailing(run: AutomationRun, mailingId: unknown) {
  const id = Number(mailingId);
  if (!Number.isInteger(id) || id <= 0) return null;
  const m = await findMailing(run.tx, run.attendance.companyId, id);
  if (!m) return null;
  const today = await companyToday(run.tx, run.attendance.companyId, run.now);
  const state = mailingState(
    { active: m.active, due_date_min: m.dueDateMin, due_date_max: m.dueDateMax },
    today,
  );
  return state === 'active' ? m : null;
}

/** The contact's addresses to look up: its external id, and an e-mail or phone it gave (web chat form). */
async function contactAddresses(run: AutomationRun) {
  const [c] = await run.tx
    .select({ kind: contacts.kind, externalId: contacts.externalId, data: contacts.data })
    .from(contacts)
    .where(and(eq(contacts.companyId, run.attendance.companyId), eq(contacts.id, run.attendance.contactId)));
  if (!c) return null;
  const data = c.data ?? {};
  const values = [c.externalId, data.contact_email, data.contact_phone, data.email, data.phone]
    .map(str)
    .filter((v) => v.trim() !== '');
  return { kind: c.kind, values };
}

/** mailing_sector_transfer: the contact's row found by its channel key → the sector of its cod_setor (id or name). */
export async function mailingSectorTransfer(
  run: AutomationRun,
  params: Record<string, unknown>,
): Promise<void> {
  const m = await usableMailing(run, params.mailing_id);
  if (!m) return;
  const column = sectorColumnOf(m.fields, paramsOf(m));
  const contact = await contactAddresses(run);
  const prefix = contact ? mailingPrefixOf(contact.kind) : null;
  if (column < 0 || !contact || !prefix) return;
  let values: string[] | null = null;
  for (const v of contact.values) {
    values = await findMailingRowValues(run.tx, m.companyId, m.id, prefix, v);
    if (values) break;
  }
  const code = values?.[column]?.trim() ?? '';
  if (!code) return;
  const companyId = run.attendance.companyId;
  const byId = /^\d{1,9}$/.test(code) ? Number(code) : null;
  const [sector] = await run.tx
    .select({ id: sectors.id })
    .from(sectors)
    .where(
      and(
        eq(sectors.companyId, companyId),
        isNull(sectors.deletedAt),
        byId !== null
          ? sql`(${sectors.id} = ${byId} or lower(${sectors.name}) = lower(${code}))`
          : sql`lower(${sectors.name}) = lower(${code})`,
      ),
    )
    .orderBy(sql`${sectors.id} = ${byId ?? 0} desc`)
    .limit(1);
  if (!sector || sector.id === run.attendance.sectorId) return;
  const [updated] = await run.tx
    .update(attendances)
    .set({ sectorId: sector.id, updatedAt: run.now })
    .where(
      and(
        eq(attendances.companyId, companyId),
        eq(attendances.id, run.attendance.id),
        isNull(attendances.closedAt),
      ),
    )
    .returning();
  if (!updated) return;
  run.attendance = updated;
  await writeFacts(run.tx, [updatedFact(updated, ['sectorId'])]);
}

/** mailing_validation at the opening: asks its welcome message and holds the attendance for the answer. */
export async function askMailingValidation(
  run: AutomationRun,
  params: Record<string, unknown>,
): Promise<boolean> {
  if (!(await usableMailing(run, params.mailing_id))) return false;
  await sendTrigger(run, 'mailing_validation', { text: str(params.message) });
  await hold(run, { holder: 'agreement', state: { kind: MAILING_VALIDATION_STATE } });
  return true;
}

/**
 * The customer's answer: looked up in the mailing's column; found → true message (and the answer saved into the
 * contact field when asked), else the false message. The session ends and the attendance goes on (flow, menu or
 * people); the answer is not read again as a message.
 */
export async function onMailingValidationReply(run: AutomationRun): Promise<'accepted'> {
  const { other } = await loadTriggers(run, ['mailing_validation']);
  const p = other.mailing_validation;
  const answer = (run.message?.text ?? '').trim();
  const m = p ? await usableMailing(run, p.mailing_id) : null;
  if (p && m) {
    const field = Number(p.field);
    const row = answer ? await findRowByColumn(run.tx, m.companyId, m.id, field, answer) : null;
    if (row) {
      await sendTrigger(run, 'mailing_validation_true', { text: str(p.true_message) });
      const key = str(p.save_field).trim();
      if (p.save_metadata === true && key) await saveContactField(run, key, answer);
    } else {
      await sendTrigger(run, 'mailing_validation_false', { text: str(p.false_message) });
    }
  }
  await endSession(run);
  run.message = null;
  return 'accepted';
}

/** The answer into the attendance's contact fields (attendances.data.contact_metadata), as the chat shows them. */
async function saveContactField(run: AutomationRun, key: string, value: string) {
  const [updated] = await run.tx
    .update(attendances)
    .set({
      data: sql`${attendances.data} || jsonb_build_object('contact_metadata',
        coalesce(${attendances.data} -> 'contact_metadata', '{}'::jsonb) || jsonb_build_object(${key}::text, ${value.slice(0, 255)}::text))`,
      updatedAt: run.now,
    })
    .where(and(eq(attendances.companyId, run.attendance.companyId), eq(attendances.id, run.attendance.id)))
    .returning();
  if (!updated) return;
  run.attendance = updated;
  await writeFacts(run.tx, [updatedFact(updated, ['data'])]);
}
