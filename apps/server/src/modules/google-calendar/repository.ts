import { GOOGLE_CALENDAR_FLAG } from '@prosa/shared/google-calendar';
import { and, eq } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { googleCalendarLinks, scheduleCalendarEvents } from '../../db/schema/integrations';
import { decryptSecret, encryptSecret } from '../../platform/crypto';
import type { Db, Tx } from '../../platform/db';
import type { TGoogleTokens } from './google-client';

export type LinkRow = typeof googleCalendarLinks.$inferSelect;

/** Whether the company has the Google Calendar switch on (allow['google-calendar']). */
export async function calendarEnabled(db: Db | Tx, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ metadata: companies.metadata })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const allow = (row?.metadata as { allow?: Record<string, unknown> } | undefined)?.allow;
  return allow?.[GOOGLE_CALENDAR_FLAG] === true;
}

export async function findLink(db: Db | Tx, companyId: number, userId: number): Promise<LinkRow | null> {
  const [row] = await db
    .select()
    .from(googleCalendarLinks)
    .where(and(eq(googleCalendarLinks.companyId, companyId), eq(googleCalendarLinks.userId, userId)))
    .limit(1);
  return row ?? null;
}

export function unsealTokens(link: LinkRow, appSecret: string): TGoogleTokens {
  return JSON.parse(decryptSecret(link.tokensSealed, appSecret)) as TGoogleTokens;
}

export const sealTokens = (tokens: TGoogleTokens, appSecret: string) =>
  encryptSecret(JSON.stringify(tokens), appSecret);

export async function saveLink(
  db: Db | Tx,
  input: { companyId: number; userId: number; tokensSealed: string; email: string },
) {
  const now = new Date();
  await db
    .insert(googleCalendarLinks)
    .values({ ...input, lastError: null, updatedAt: now })
    .onConflictDoUpdate({
      target: [googleCalendarLinks.companyId, googleCalendarLinks.userId],
      set: { tokensSealed: input.tokensSealed, email: input.email, lastError: null, updatedAt: now },
    });
}

export async function updateLink(
  db: Db | Tx,
  companyId: number,
  userId: number,
  set: { tokensSealed?: string; lastError?: string | null },
) {
  await db
    .update(googleCalendarLinks)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(googleCalendarLinks.companyId, companyId), eq(googleCalendarLinks.userId, userId)));
}

/** Removes the link and forgets the events it made (they can no longer be moved from here). */
export async function deleteLink(db: Db, companyId: number, userId: number) {
  await db.transaction(async (tx) => {
    await tx
      .delete(scheduleCalendarEvents)
      .where(and(eq(scheduleCalendarEvents.companyId, companyId), eq(scheduleCalendarEvents.userId, userId)));
    await tx
      .delete(googleCalendarLinks)
      .where(and(eq(googleCalendarLinks.companyId, companyId), eq(googleCalendarLinks.userId, userId)));
  });
}

export async function findScheduleEvent(db: Db | Tx, companyId: number, scheduleId: number) {
  const [row] = await db
    .select()
    .from(scheduleCalendarEvents)
    .where(
      and(eq(scheduleCalendarEvents.companyId, companyId), eq(scheduleCalendarEvents.scheduleId, scheduleId)),
    )
    .limit(1);
  return row ?? null;
}

export async function saveScheduleEvent(
  db: Db | Tx,
  input: { companyId: number; scheduleId: number; userId: number; eventId: string },
) {
  await db
    .insert(scheduleCalendarEvents)
    .values({ ...input, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [scheduleCalendarEvents.companyId, scheduleCalendarEvents.scheduleId],
      set: { userId: input.userId, eventId: input.eventId, updatedAt: new Date() },
    });
}

export async function deleteScheduleEvent(db: Db | Tx, companyId: number, scheduleId: number) {
  await db
    .delete(scheduleCalendarEvents)
    .where(
      and(eq(scheduleCalendarEvents.companyId, companyId), eq(scheduleCalendarEvents.scheduleId, scheduleId)),
    );
}
