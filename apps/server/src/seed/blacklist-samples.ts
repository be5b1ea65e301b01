import { contactBlockKey, isPhonePrefix } from '@prosa/shared/blacklist';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { attendances, contacts } from '../db/schema/attendance';
import { blacklistHistory, blockedContacts, blockSuggestions } from '../db/schema/blacklist';
import { channels } from '../db/schema/channels';
import { companies } from '../db/schema/companies';
import { statuses } from '../db/schema/organization';
import { users } from '../db/schema/users';
import type { Db } from '../platform/db';

export const DEMO_BLACKLIST_STATUS = 'Contato bloqueado';
export const DEMO_BLOCKED_NUMBER = '5511988887777';

/**
 * The demo's blacklist (issue 18): switched on (with suggestions) with a finalization status of its own, one
 * WhatsApp number blocked by the manager with its history (blocked, unblocked, blocked again) and one pending
 * suggestion from the operator Ana about a contact of a sample conversation. Does nothing when the demo
 * company already has blocked contacts; answers whether it seeded.
 */
export async function seedBlacklistSamples(db: Db): Promise<boolean> {
  const [demo] = await db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
  if (!demo) return false;
  const companyId = demo.id;
  const [already] = await db
    .select({ id: blockedContacts.id })
    .from(blockedContacts)
    .where(eq(blockedContacts.companyId, companyId))
    .limit(1);
  if (already) return false;
  const people = await db.select().from(users).where(eq(users.companyId, companyId));
  const manager = people.find((u) => u.email === 'gestor@empresademo.com.br');
  const ana = people.find((u) => u.email === 'ana.operadora@empresademo.com.br');
  if (!manager || !ana) return false;

  return db.transaction(async (tx) => {
    const [status] = await tx
      .insert(statuses)
      .values({ companyId, name: DEMO_BLACKLIST_STATUS, shouldClose: 1, color: '868E96' })
      .returning();
    if (!status) return false;
    await tx
      .update(companies)
      .set({
        metadata: sql`jsonb_set(${companies.metadata}, '{blacklist}', ${JSON.stringify({
          enabled: true,
          suggest: true,
          status_id: status.id,
        })}::jsonb, true)`,
      })
      .where(eq(companies.id, companyId));

    // A number blocked on every WhatsApp-by-QR channel (or the first phone kind the demo has).
    const kinds = await tx
      .select({ kind: channels.kind })
      .from(channels)
      .where(and(eq(channels.companyId, companyId), isNull(channels.deletedAt)));
    const prefix = ['waweb', 'waent', 'sms'].find((k) => kinds.some((c) => c.kind === k)) ?? 'waweb';
    const day = (n: number) => new Date(Date.now() - n * 86_400_000);
    const [blocked] = await tx
      .insert(blockedContacts)
      .values({
        companyId,
        prefix,
        channelId: null,
        contact: DEMO_BLOCKED_NUMBER,
        contactDisplay: '(11) 98888-7777',
        description: 'Voltou a enviar mensagens ofensivas',
        blockBy: manager.id,
        status: 'accepted',
        createdAt: day(10),
        updatedAt: day(1),
      })
      .returning();
    if (!blocked) return false;
    await tx.insert(blacklistHistory).values([
      {
        companyId,
        blockedContactId: blocked.id,
        type: 'accepted',
        description: 'Mensagens ofensivas aos operadores',
        userId: manager.id,
        createdAt: day(10),
      },
      {
        companyId,
        blockedContactId: blocked.id,
        type: 'denied',
        description: 'Cliente pediu desculpas por telefone',
        userId: manager.id,
        createdAt: day(5),
      },
      {
        companyId,
        blockedContactId: blocked.id,
        type: 'accepted',
        description: 'Voltou a enviar mensagens ofensivas',
        userId: manager.id,
        createdAt: day(1),
      },
    ]);

    // Ana's pending suggestion about the contact of the newest sample conversation on a phone channel.
    const [att] = await tx
      .select({ attendance: attendances, contact: contacts })
      .from(attendances)
      .innerJoin(
        contacts,
        and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
      )
      .where(
        and(
          eq(attendances.companyId, companyId),
          inArray(attendances.channelKind, ['waweb', 'waent', 'sms']),
        ),
      )
      .orderBy(desc(attendances.id))
      .limit(1);
    const key = att
      ? contactBlockKey(att.attendance.channelKind, att.contact.externalId, att.contact.data)
      : null;
    if (att && key && isPhonePrefix(att.attendance.channelKind)) {
      await tx.insert(blockSuggestions).values({
        companyId,
        prefix: att.attendance.channelKind,
        channelId: att.attendance.channelId,
        contact: key,
        contactDisplay: att.contact.externalId,
        attendanceId: att.attendance.id,
        operatorId: ana.id,
        description: 'O contato insiste em pedir dados de outros clientes.',
      });
    }
    return true;
  });
}
