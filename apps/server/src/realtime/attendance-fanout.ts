import type { TMessage } from '@prosa/shared/attendance';
import { cardRooms, rooms } from '@prosa/shared/events';
import type { Server } from 'socket.io';
import type { EventBus } from '../platform/events';

/**
 * Domain events of attendances → the sockets that may see them. Rooms follow the visibility rules, so a
 * socket only ever receives cards and messages its user is allowed to see.
 */
export function registerAttendanceFanout(
  io: Server,
  events: EventBus,
  // Messages leave with their attachments' signed URLs (identity where no storage is given).
  present: (message: TMessage) => TMessage = (m) => m,
) {
  events.on('attendance:changed', ({ card, previous }) => {
    const now = cardRooms(card);
    if (previous) {
      const before = cardRooms({
        sector_id: previous.sectorId,
        operator_assigned_id: previous.operatorAssignedId,
      });
      io.to(before).except(now).emit('attendance:removed', { id: card.id, closed: false });
    }
    io.to(now).emit('attendance:upsert', card);
  });
  events.on('attendance:closed', ({ card }) => {
    io.to(cardRooms(card)).emit('attendance:removed', { id: card.id, closed: true });
  });
  events.on('message:created', ({ card, message }) => {
    io.to(cardRooms(card)).emit('message:created', { attendance_id: card.id, message: present(message) });
  });
  events.on('message:updated', ({ card, message }) => {
    io.to(cardRooms(card)).emit('message:updated', { attendance_id: card.id, message: present(message) });
  });
  events.on('operator:changed', ({ companyId, userId, status, paused }) => {
    io.to(rooms.company(companyId)).emit('operator:changed', { userId, status, paused });
  });
  events.on('export:ready', ({ userId, exportId, message }) => {
    io.to(rooms.user(userId)).emit('export:ready', { exportId, message });
  });
  events.on('visitor:message', ({ visitorId, message }) => {
    io.of('/webchat').to(rooms.visitor(visitorId)).emit('message', present(message));
  });
  events.on('visitor:finalized', ({ visitorId, protocol }) => {
    io.of('/webchat').to(rooms.visitor(visitorId)).emit('finalized', { protocol });
  });
}
