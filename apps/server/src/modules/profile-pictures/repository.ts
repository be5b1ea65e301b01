import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { attendances, contacts } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { Db } from '../../platform/db';

// The contacts' WhatsApp profile pictures: which to ask for, and the picture recorded on the contact and on the
// cards of its open attendances (their profile_pic_public_path), with attendance.updated so open screens redraw.

/** A picture is asked for at most once a day per contact. */
const AGAIN_AFTER = sql`interval '1 day'`;

/**
 * Claims the contacts of these externals ids whose picture is due: never asked, asked over a day ago, or known
 * but missing from an open card (a new conversation). Answers their ids; a second claim within the day gets none.
 */
export async function claimDuePictures(
  db: Db,
  input: { companyId: number; kind: string; channelId: number; externalIds: string[] },
): Promise<number[]> {
  if (input.externalIds.length === 0) return [];
  const rows = await db
    .update(contacts)
    .set({ profilePicCheckedAt: sql`now()` })
    .where(
      and(
        eq(contacts.companyId, input.companyId),
        eq(contacts.kind, input.kind),
        eq(contacts.channelId, input.channelId),
        inArray(contacts.externalId, input.externalIds),
        sql`(${contacts.profilePicCheckedAt} is null
          or ${contacts.profilePicCheckedAt} < now() - ${AGAIN_AFTER}
          or (${contacts.profilePicKey} is not null and exists (
            select 1 from ${attendances} a where a.company_id = ${contacts.companyId}
              and a.contact_id = ${contacts.id} and a.closed_at is null and a.profile_pic_public_path is null)))`,
      ),
    )
    .returning({ id: contacts.id });
  return rows.map((r) => r.id);
}

export async function findContact(db: Db, companyId: number, contactId: number) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
  return row ?? null;
}

/**
 * Records the contact's picture (a storage key, null for none) and the URL its open cards show, and tells the
 * cards that changed.
 */
export async function recordPicture(
  db: Db,
  input: { companyId: number; contactId: number; key: string | null; publicPath: string | null },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(contacts)
      .set({ profilePicKey: input.key })
      .where(and(eq(contacts.companyId, input.companyId), eq(contacts.id, input.contactId)));
    const changed = await tx
      .update(attendances)
      .set({ profilePicPublicPath: input.publicPath })
      .where(
        and(
          eq(attendances.companyId, input.companyId),
          eq(attendances.contactId, input.contactId),
          isNull(attendances.closedAt),
          sql`${attendances.profilePicPublicPath} is distinct from ${input.publicPath}`,
        ),
      )
      .returning({ id: attendances.id });
    await writeFacts(
      tx,
      changed.map((a) => ({
        companyId: input.companyId,
        attendanceId: a.id,
        name: 'attendance.updated' as const,
        data: { fields: ['profile_pic_public_path'] },
      })),
    );
  });
}
