import { EventEmitter } from 'node:events';

// Domain events raised by operations after commit; listeners (realtime, later webhooks and reports) fan them out.
export type DomainEvents = {
  'company:updated': { companyId: number; changed: string[] };
  'session:revoked': {
    sessionId: string;
    userId: number;
    companyId: number;
    reason: 'logout' | 'token_reset' | 'password_changed';
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
