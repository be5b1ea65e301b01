import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { backupPeriodLabel, type TBackupAttendanceLine } from '@prosa/shared/backups';
import { eq } from 'drizzle-orm';
import { attendances, contacts, messages, persons } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { sectors, statuses } from '../../db/schema/organization';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { addToCompanyList, insertCompany, updateCompany } from '../companies/repository';
import { lockBackupForRestore, setRestoredCompany } from './repository';

/** Sector of attendances whose sector the backup does not name. */
const DEFAULT_SECTOR = 'Backup';

async function* backupLines(deps: Pick<AppDeps, 'storage'>, key: string) {
  const file = await deps.storage.get(key);
  if (!file) throw new Error('arquivo do backup não encontrado');
  const lines = createInterface({
    input: file.body.pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const value = JSON.parse(line) as { type?: string };
    if (value.type === 'attendance') yield value as TBackupAttendanceLine;
  }
}

/** Names → ids in the new company, created on first use. */
function namedRows(tx: Tx, companyId: number) {
  const sectorIds = new Map<string, number>();
  const statusIds = new Map<string, number>();
  return {
    async sector(name: string | null) {
      const key = name ?? DEFAULT_SECTOR;
      const known = sectorIds.get(key);
      if (known !== undefined) return known;
      const [row] = await tx
        .insert(sectors)
        .values({ companyId, name: key, position: sectorIds.size })
        .returning({ id: sectors.id });
      const id = row?.id ?? 0;
      sectorIds.set(key, id);
      return id;
    },
    async status(name: string | null, closes: boolean) {
      if (!name) return null;
      const known = statusIds.get(name);
      if (known !== undefined) return known;
      const [row] = await tx
        .insert(statuses)
        .values({ companyId, name, shouldClose: closes ? 1 : 0 })
        .returning({ id: statuses.id });
      const id = row?.id ?? 0;
      statusIds.set(name, id);
      return id;
    },
  };
}

/**
 * The job 'backups.restore': in one transaction, a new company "<company> (backup <period>)" in the requesting
 * admin's list, and the backup's attendances imported there as finalized ones with their contacts and messages, so
 * its history can be inspected; the backup records the company. A backup already restored is left alone.
 */
export async function restoreBackup(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  input: { companyId: number; backupId: number; userId: number },
) {
  await deps.db.transaction(async (tx) => {
    const backup = await lockBackupForRestore(tx, input.companyId, input.backupId);
    if (backup?.status !== 'done' || !backup.fileKey || backup.restoredCompanyId !== null) return;
    const [source] = await tx.select().from(companies).where(eq(companies.id, input.companyId));
    if (!source) return;
    const created = await insertCompany(tx, {
      name: `${source.name} (backup ${backupPeriodLabel(backup.dateFrom, backup.dateTo)})`,
      domain: `backup-${input.backupId}.${source.domain}`,
      organization: source.organization,
      planId: source.planId ?? 1,
      viewData: {},
    });
    await updateCompany(tx, created.id, { timezone: source.timezone });
    await addToCompanyList(tx, input.userId, created.id);

    const companyId = created.id;
    const named = namedRows(tx, companyId);
    const contactIds = new Map<string, { contactId: number; personId: number }>();
    for await (const line of backupLines(deps, backup.fileKey)) {
      const key = `${line.contact.kind}\u0000${line.contact.external_id}`;
      let who = contactIds.get(key);
      if (!who) {
        const [person] = await tx
          .insert(persons)
          .values({ companyId, name: line.contact.name })
          .returning({ id: persons.id });
        const data: Record<string, unknown> = {};
        if (line.contact.number) data.telefone = line.contact.number;
        if (line.contact.email) data.email = line.contact.email;
        const [contact] = await tx
          .insert(contacts)
          .values({
            companyId,
            personId: person?.id ?? 0,
            kind: line.contact.kind,
            // The channels stay in the original company: the restored contacts belong to none.
            channelId: 0,
            externalId: line.contact.external_id,
            name: line.contact.name,
            data,
          })
          .returning({ id: contacts.id });
        who = { contactId: contact?.id ?? 0, personId: person?.id ?? 0 };
        contactIds.set(key, who);
      }
      const at = line.attendance;
      const last = line.messages[line.messages.length - 1];
      const closedAt = new Date(at.closed_at);
      const [att] = await tx
        .insert(attendances)
        .values({
          companyId,
          cardId: at.card_id,
          protocol: at.protocol,
          contactId: who.contactId,
          personId: who.personId,
          channelKind: at.channel_kind,
          channelId: 0,
          name: at.name,
          sectorId: await named.sector(at.sector),
          statusId: await named.status(at.status, at.status_closes),
          operatorAssignedName: at.operator_assigned_name,
          closedByUserName: at.closed_by_user_name,
          notes: at.notes,
          firstStartChatAt: new Date(at.first_start_chat_at),
          firstOperatorAnswerAt: at.first_operator_answer_at ? new Date(at.first_operator_answer_at) : null,
          queuedAt: new Date(at.first_start_chat_at),
          lastMessageAt: last ? new Date(last.sent_at) : closedAt,
          lastMessagePreview: (last?.text ?? '').slice(0, 200),
          closedAt,
          createdAt: new Date(at.first_start_chat_at),
          updatedAt: closedAt,
        })
        .returning({ id: attendances.id });
      if (att && line.messages.length > 0)
        await tx.insert(messages).values(
          line.messages.map((m) => ({
            companyId,
            attendanceId: att.id,
            messageId: m.message_id,
            text: m.text,
            senderType: m.sender_type,
            operatorName: m.operator_name,
            sentAt: new Date(m.sent_at),
            createdAt: new Date(m.sent_at),
            attachments: m.attachments,
          })),
        );
    }
    await setRestoredCompany(tx, input.companyId, input.backupId, companyId);
  });
}
