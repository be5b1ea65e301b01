import type { TClientToServerEvents, TServerToClientEvents } from '@prosa/shared/events';
import { io, type Socket } from 'socket.io-client';

export type TRealtimeSocket = Socket<TServerToClientEvents, TClientToServerEvents>;

/** A socket that connects only when asked, so the token can be set first (spec 1 §7: token + company id). */
export function createRealtimeSocket(): TRealtimeSocket {
  return io({
    path: '/socket.io',
    autoConnect: false,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
  });
}
