import { WAWEB_MSG } from '@prosa/shared/waweb';
import type { TWawebState } from '@prosa/shared/waweb-states';
import { and, eq } from 'drizzle-orm';
import { wawebSessions } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import type { SessionRef } from './leases';

// A number by QR takes replies only while someone wants its session running and its phone is paired: stopped, or
// waiting for a QR to be read, nothing would leave until a person acts, so the reply is refused at once instead of
// failing a minute later. A running session that is reconnecting is ready: its messages wait for it.

const WAITING_FOR_PHONE = new Set<TWawebState>(['UNPAIRED', 'UNPAIRED_IDLE']);

/** Why a number cannot take a reply now ("Canal não está rodando"), or null when it can. */
export async function wawebReadiness(db: Db, ref: SessionRef): Promise<string | null> {
  const [row] = await db
    .select({ desired: wawebSessions.desired, state: wawebSessions.state })
    .from(wawebSessions)
    .where(and(eq(wawebSessions.companyId, ref.companyId), eq(wawebSessions.channelId, ref.channelId)));
  if (row?.desired !== 'running' || WAITING_FOR_PHONE.has(row.state)) return WAWEB_MSG.notRunning;
  return null;
}
