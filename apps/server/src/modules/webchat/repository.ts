import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { attendances, contacts, messages, webchats, webchatVisitors } from '../../db/schema/attendance';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

export type WebchatRow = typeof webchats.$inferSelect;

export async function listWebchats(db: Db, companyId: number) {
  return db
    .select()
    .from(webchats)
    .where(ofCompany(webchats, companyId, isNull(webchats.deletedAt)))
    .orderBy(asc(webchats.name));
}

export async function findWebchat(db: Db, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(webchats)
    .where(ofCompany(webchats, companyId, eq(webchats.id, id), isNull(webchats.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Public lookup by the code of the customer's <script> tag. */
export async function findWebchatByCode(db: Db, code: string) {
  const rows = await db
    .select()
    .from(webchats)
    .where(and(eq(webchats.code, code), isNull(webchats.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findVisitorByTokenHash(db: Db, tokenHash: string) {
  const rows = await db
    .select({ visitor: webchatVisitors, contact: contacts })
    .from(webchatVisitors)
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, webchatVisitors.companyId), eq(contacts.id, webchatVisitors.contactId)),
    )
    .where(eq(webchatVisitors.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

export async function latestAttendanceOfContact(db: Db, companyId: number, contactId: number) {
  const rows = await db
    .select()
    .from(attendances)
    .where(ofCompany(attendances, companyId, eq(attendances.contactId, contactId)))
    .orderBy(desc(attendances.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function latestMessagesOfContact(db: Db, companyId: number, contactId: number, limit: number) {
  const rows = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(
      attendances,
      and(eq(attendances.companyId, messages.companyId), eq(attendances.id, messages.attendanceId)),
    )
    .where(and(eq(messages.companyId, companyId), eq(attendances.contactId, contactId)))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.map((r) => r.message).reverse();
}

export async function setVisitorOnline(db: Db, companyId: number, contactId: number, online: boolean) {
  const [row] = await db
    .update(attendances)
    .set({ visitorOfflineSince: online ? null : new Date() })
    .where(
      ofCompany(attendances, companyId, eq(attendances.contactId, contactId), isNull(attendances.closedAt)),
    )
    .returning();
  return row ?? null;
}
