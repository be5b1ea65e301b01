import { formatDateTime } from '@prosa/shared/dates';
import { asc, eq } from 'drizzle-orm';
import { messages } from '../../db/schema/attendance';
import type { AppDeps, Caller } from '../../platform/deps';
import { ofCompany } from '../../platform/tenancy';
import { loadForAction } from '../attendance/load-for-action';
import { findCompany } from '../companies/repository';
import { CSV_BOM, csvLine } from './csv';

/** GET /history/download/{id}: one attendance's conversation as CSV. */
export async function downloadAttendanceCsv(deps: Pick<AppDeps, 'db'>, caller: Caller, attendanceId: number) {
  const { attendance } = await loadForAction(deps, caller, attendanceId, { allowClosed: true });
  const company = await findCompany(deps.db, caller.companyId);
  const tz = company?.timezone ?? 'America/Sao_Paulo';
  const rows = await deps.db
    .select()
    .from(messages)
    .where(ofCompany(messages, caller.companyId, eq(messages.attendanceId, attendance.id)))
    .orderBy(asc(messages.id));
  let csv = CSV_BOM + csvLine(['Protocolo', 'Data', 'Remetente', 'Mensagem']);
  for (const m of rows) {
    const sender = m.senderType === 0 ? attendance.name : (m.operatorName ?? 'Automático');
    csv += csvLine([attendance.protocol, formatDateTime(m.sentAt, tz), sender, m.text]);
  }
  return { filename: `atendimento-${attendance.protocol}.csv`, csv };
}
