import type { TMessage } from '@prosa/shared/attendance';
import { rooms } from '@prosa/shared/events';
import type { Server } from 'socket.io';
import type { EventBus } from '../platform/events';

/**
 * In-process events still delivered from the node that raised them: exports ready and the web chat visitor's
 * messages and finalization.
 */
export function registerAttendanceFanout(
  io: Server,
  events: EventBus,
  // Messages leave with their attachments' signed URLs (identity where no storage is given).
  present: (message: TMessage) => TMessage = (m) => m,
) {
  // Cards, messages and operators reach the sockets from their facts (fact-fanout.ts), on every node.
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
