import { and, eq } from 'drizzle-orm';
import { attendances, messages } from '../../db/schema/attendance';
import type { Db } from '../../platform/db';
import type { SessionRef } from './leases';

// WhatsApp asks a number again for a message it sent (a retry receipt from a device that could not decrypt it,
// a re-encryption for a new device): Baileys must encrypt it anew, and after a restart only our database still
// has it. The message of this number with that WhatsApp id: its text, or the caption of its files (the file
// itself was uploaded with a key only its first message carried).

/** The content to send again of this number's message `id`, as a protobuf Message object; undefined if unknown. */
export async function storedWawebMessage(
  db: Db,
  ref: SessionRef,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ text: messages.text })
    .from(messages)
    .innerJoin(
      attendances,
      and(eq(attendances.companyId, messages.companyId), eq(attendances.id, messages.attendanceId)),
    )
    .where(
      and(
        eq(messages.companyId, ref.companyId),
        eq(messages.providerMessageId, id),
        eq(attendances.channelKind, 'waweb'),
        eq(attendances.channelId, ref.channelId),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return { conversation: row.text };
}
