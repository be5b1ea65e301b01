import { cardRooms, rooms } from '@prosa/shared/events';
import { NEWCHAT_TYPING_FLOOD_MS } from '@prosa/shared/newchat-queue';
import { and, eq } from 'drizzle-orm';
import type { Server, Socket } from 'socket.io';
import { attendances, contacts } from '../db/schema/attendance';
import { newchatQueuesOfCompany } from '../modules/newchat/queue-positions';
import { findNewchat } from '../modules/newchat/repository';
import { latestAttendanceOfContact } from '../modules/webchat/repository';
import type { Db } from '../platform/db';

// NewChat's live extras. The queue position follows the facts (every API node reads them and emits to its own
// visitor sockets); typing is ephemeral, sent through the adapter (Redis when set) so it reaches every node.

/** After attendance facts of these companies: each waiting NewChat visitor hears their place (null once taken). */
export async function emitNewchatQueues(io: Server, db: Db, companyIds: Iterable<number>): Promise<void> {
  const visitors = io.of('/webchat').local;
  for (const companyId of companyIds) {
    for (const q of await newchatQueuesOfCompany(db, companyId))
      visitors.to(rooms.visitor(q.visitorId)).emit('queue', { position: q.position });
  }
}

/** A flood guard per socket (the clients pace their typing themselves, with a trailing send). */
function throttled(): () => boolean {
  let last = 0;
  return () => {
    const now = Date.now();
    if (now - last < NEWCHAT_TYPING_FLOOD_MS) return false;
    last = now;
    return true;
  };
}

/** The visitor types: operators who see their open NewChat card (its rooms) see "digitando…". */
export function relayVisitorTyping(
  io: Server,
  db: Db,
  socket: Socket,
  data: { companyId: number; contactId: number },
): void {
  const may = throttled();
  socket.on('typing', () => {
    if (!may()) return;
    void (async () => {
      const att = await latestAttendanceOfContact(db, data.companyId, data.contactId);
      if (!att || att.closedAt || att.channelKind !== 'nc') return;
      const channel = await findNewchat(db, data.companyId, att.channelId);
      if (!channel?.settings.showTyping) return;
      io.to(cardRooms({ sector_id: att.sectorId, operator_assigned_id: att.operatorAssignedId })).emit(
        'attendance:typing',
        { attendance_id: att.id },
      );
    })().catch(() => {});
  });
}

/** An operator types in a NewChat card they see (one of its rooms is theirs): its visitor sees "digitando…". */
export function relayOperatorTyping(
  io: Server,
  db: Db,
  socket: Socket,
  data: { companyId: number; displayName?: string },
): void {
  const may = throttled();
  socket.on('typing', (payload: unknown) => {
    const id = (payload as { attendance_id?: unknown } | null)?.attendance_id;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2147483647) return;
    if (!may()) return;
    void (async () => {
      const [row] = await db
        .select({ att: attendances, visitorId: contacts.externalId })
        .from(attendances)
        .innerJoin(
          contacts,
          and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
        )
        .where(and(eq(attendances.companyId, data.companyId), eq(attendances.id, id)))
        .limit(1);
      if (!row || row.att.closedAt || row.att.channelKind !== 'nc') return;
      const seen = cardRooms({
        sector_id: row.att.sectorId,
        operator_assigned_id: row.att.operatorAssignedId,
      });
      if (!seen.some((r) => socket.rooms.has(r))) return;
      const channel = await findNewchat(db, data.companyId, row.att.channelId);
      if (!channel?.settings.showTyping) return;
      io.of('/webchat')
        .to(rooms.visitor(row.visitorId))
        .emit('typing', { name: row.att.operatorAssignedName ?? null });
    })().catch(() => {});
  });
}
