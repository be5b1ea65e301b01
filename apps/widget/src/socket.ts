import { io, type Socket } from 'socket.io-client';
import { readAttachments } from './attachments';
import type { ServerLocation } from './boot';
import type { SocketMessage } from './types';

export type VisitorSocketHandlers = {
  message(m: SocketMessage): void;
  finalized(protocol: string): void;
  /** Connected again after a drop: messages may have been missed meanwhile. */
  reconnected(): void;
  /** The server refused the token (it will not retry by itself). */
  refused(): void;
  /** NewChat: the place in the queue (null once an operator has the conversation). */
  queue?(position: number | null): void;
  /** NewChat: an operator is typing. */
  typing?(): void;
};

export type VisitorSocket = {
  retry(): void;
  close(): void;
  /** NewChat: tells the operators the visitor is typing (the caller throttles). */
  typing(): void;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function isSocketMessage(v: unknown): v is SocketMessage {
  return (
    isObject(v) &&
    typeof v.id === 'number' &&
    typeof v.text === 'string' &&
    typeof v.sender_type === 'number' &&
    typeof v.sent_at === 'string' &&
    (v.operator_name === null || v.operator_name === undefined || typeof v.operator_name === 'string')
  );
}

/**
 * The /webchat namespace: operators' messages and the finalization arrive here, and its presence tells the
 * operators the visitor is online, so it stays connected while the page is open (Socket.IO reconnects).
 */
export function connectVisitorSocket(
  server: ServerLocation,
  token: string,
  on: VisitorSocketHandlers,
): VisitorSocket {
  const socket: Socket = io(`${server.origin}/webchat`, {
    path: server.socketPath,
    auth: { token },
    transports: ['websocket', 'polling'],
    withCredentials: false,
  });
  let connectedBefore = false;

  socket.on('connect', () => {
    if (connectedBefore) on.reconnected();
    connectedBefore = true;
  });
  socket.on('connect_error', () => {
    // A refusal by the namespace middleware is final (socket.active false); network errors retry on their own.
    if (!socket.active) on.refused();
  });
  socket.on('message', (m: unknown) => {
    if (isSocketMessage(m))
      on.message({
        ...m,
        operator_name: m.operator_name ?? null,
        attachments: readAttachments((m as { attachments?: unknown }).attachments, server.base),
      });
  });
  socket.on('finalized', (p: unknown) => {
    if (isObject(p) && typeof p.protocol === 'string') on.finalized(p.protocol);
  });
  socket.on('queue', (p: unknown) => {
    if (isObject(p) && (p.position === null || typeof p.position === 'number')) on.queue?.(p.position);
  });
  socket.on('typing', () => on.typing?.());

  return {
    retry: () => {
      if (!socket.connected) socket.connect();
    },
    close: () => {
      socket.removeAllListeners();
      socket.disconnect();
    },
    typing: () => {
      if (socket.connected) socket.emit('typing');
    },
  };
}
