import type { TCard, TMessage } from './attendance';
import type { TChannelUpdate, TMonitorData, TMonitorServer, TQrText } from './channel-monitor';

// Realtime events (server → client). Rooms: company, sector, user, session, and the visibility rooms of cards.
export type TServerToClientEvents = {
  'attendance:upsert': (card: TCard) => void;
  'attendance:removed': (payload: { id: number; closed: boolean }) => void;
  'message:created': (payload: { attendance_id: number; message: TMessage }) => void;
  'message:updated': (payload: { attendance_id: number; message: TMessage }) => void;
  'operator:changed': (payload: { userId: number; status: 'online' | 'offline'; paused: boolean }) => void;
  'export:ready': (payload: { exportId: string; message: string }) => void;
  'company:updated': (payload: { companyId: number; changed: string[] }) => void;
  /** NewChat (showTyping): the visitor of a card is typing; ephemeral, to those who see the card. */
  'attendance:typing': (payload: { attendance_id: number }) => void;
  'session:revoked': (payload: {
    reason: 'logout' | 'token_reset' | 'password_changed' | 'pause_limit';
  }) => void;
  // WhatsApp by QR (spec 2 §4, §7): to the company's managers and admins.
  'channel-update': (payload: TChannelUpdate) => void;
  'qr-text': (payload: TQrText) => void;
  // The Monitor (spec 2 §7), to sockets that joined it with 'monitor:join'.
  initialize: (payload: TMonitorData) => void;
  'prosa-ping': (payload: { server_id: string; timestamp: string }) => void;
  'new-server': (payload: TMonitorServer) => void;
  'server-disconnected': (payload: { server_id: string; final_timestamp: string }) => void;
  // Issue 18, to the company's managers and admins: load the campaign, mailing, queue or blacklist again.
  'campaign:updated': (payload: { id: number }) => void;
  'mailing:updated': (payload: { id: number }) => void;
  'batch-close:updated': (payload: { id: number }) => void;
  'blacklist:changed': (payload: { suggestions: boolean }) => void;
  // Issue 19, to the company's managers and admins: the dashboards' period figures or the live monitor changed.
  'update-dashboard': (payload: { kind: 'company' | 'monitor' }) => void;
  // Issue 20, to the recipient user only: a manager's message or an operator's answer in the messenger.
  'internal-message': (payload: { chat_id: number }) => void;
  'operator-answer': (payload: { chat_id: number }) => void;
  // Issue 20, to every user of a company: a notification or a survey was published, changed or removed for it.
  notification: (payload: { notification_id: number }) => void;
  survey: (payload: { survey_id: number }) => void;
};

export type TClientToServerEvents = {
  ping: (ack: (reply: { ok: true; userId: number; companyId: number }) => void) => void;
  /** Managers and admins: receive the Monitor's events (answered with 'initialize'). */
  'monitor:join': () => void;
  'monitor:leave': () => void;
  /** The operator is typing in the composer of a card (NewChat shows it to the visitor). */
  typing: (payload: { attendance_id: number }) => void;
};

export const rooms = {
  company: (id: number) => `company:${id}`,
  sector: (id: number) => `sector:${id}`,
  user: (id: number) => `user:${id}`,
  session: (id: string) => `session:${id}`,
  /** Users who see every card of a sector. */
  sectorAll: (id: number) => `sector:${id}:all`,
  /** Operators who see their own cards plus the unassigned ones of a sector (triage OPERATOR). */
  sectorUnassigned: (id: number) => `sector:${id}:unassigned`,
  visitor: (id: string) => `visitor:${id}`,
  /** Managers and admins of a company (the WhatsApp panel's channel-update and qr-text). */
  companyManagers: (companyId: number) => `company:${companyId}:managers`,
  /** Managers and admins of a company with the Monitor open. */
  monitor: (companyId: number) => `monitor:${companyId}`,
  /** The platform owner's Monitor (every company). */
  monitorAll: 'monitor:all',
} as const;

/** Rooms that must hear about a card: everyone who sees the sector, and its operator or the unassigned pool. */
export function cardRooms(card: { sector_id: number; operator_assigned_id: number | null }): string[] {
  return [
    rooms.sectorAll(card.sector_id),
    card.operator_assigned_id === null
      ? rooms.sectorUnassigned(card.sector_id)
      : rooms.user(card.operator_assigned_id),
  ];
}

// Web chat widget namespace (/webchat), server → visitor.
export type TVisitorServerEvents = {
  message: (message: TMessage) => void;
  finalized: (payload: { protocol: string }) => void;
  /** NewChat: the place in the sector's queue while waiting (null once an operator has it). */
  queue: (payload: { position: number | null }) => void;
  /** NewChat: an operator is typing. */
  typing: (payload: { name: string | null }) => void;
};
