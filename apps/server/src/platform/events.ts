import { EventEmitter } from 'node:events';

// Domain events raised by operations after commit; listeners (realtime, later webhooks and reports) fan them out.
import type { TCard, TMessage } from '@prosa/shared/attendance';

export type CardRoute = { sectorId: number; operatorAssignedId: number | null };

export type DomainEvents = {
  /** A card was created or changed; `previous` is where it was routed before, when that changed. */
  'attendance:changed': { companyId: number; card: TCard; previous: CardRoute | null };
  'attendance:closed': { companyId: number; card: TCard };
  'message:created': { companyId: number; card: TCard; message: TMessage };
  'message:updated': { companyId: number; card: TCard; message: TMessage };
  /** Delivery to a web chat visitor's browser. */
  'visitor:message': { companyId: number; visitorId: string; message: TMessage };
  'visitor:finalized': { companyId: number; visitorId: string; protocol: string };
  /** An operator went online/offline, paused or came back: distribution and dashboards react. */
  'operator:changed': { companyId: number; userId: number; status: 'online' | 'offline'; paused: boolean };
  'export:ready': { companyId: number; userId: number; exportId: string; message: string };
  'company:updated': { companyId: number; changed: string[] };
  'session:revoked': {
    sessionId: string;
    userId: number;
    companyId: number;
    reason: 'logout' | 'token_reset' | 'password_changed' | 'pause_limit';
  };
};

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): void {
    this.emitter.on(name, listener);
  }
}
