import type { TClientToServerEvents, TServerToClientEvents } from '@prosa/shared/events';
import { io, type Socket } from 'socket.io-client';

export type ClientSocket = Socket<TServerToClientEvents, TClientToServerEvents>;

/** Connects like the web app does: token + company id in the handshake. Resolves on connect, rejects on refusal. */
export function connectSocket(
  baseUrl: string,
  auth: { token: unknown; company_id: unknown },
): Promise<ClientSocket> {
  const socket: ClientSocket = io(baseUrl, {
    path: '/socket.io',
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export function nextEvent<K extends keyof TServerToClientEvents>(
  socket: ClientSocket,
  name: K,
  timeoutMs = 10_000,
): Promise<Parameters<TServerToClientEvents[K]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`evento ${String(name)} não chegou`)), timeoutMs);
    const handler = (payload: Parameters<TServerToClientEvents[K]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    };
    // socket.io-client types each listener by event name; the cast keeps this helper generic.
    (socket as unknown as { once: (n: string, h: (p: unknown) => void) => void }).once(
      String(name),
      handler as (p: unknown) => void,
    );
  });
}

export function waitDisconnect(socket: ClientSocket, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.disconnected) return resolve('already');
    const timer = setTimeout(() => reject(new Error('socket não foi desconectado')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/**
 * A round trip on the socket (the server answers `ping` with an ack). Events travel in order on one
 * connection, so everything the server had sent this socket before the ping has arrived when it resolves:
 * a check that an event did NOT arrive needs no sleep.
 */
export async function flushSocket(socket: ClientSocket, timeoutMs = 10_000): Promise<void> {
  await socket.timeout(timeoutMs).emitWithAck('ping');
}
