import type { TMessage } from '@prosa/shared/attendance';
import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { cardRooms, rooms } from '@prosa/shared/events';
import { HISTORY_MSG } from '@prosa/shared/history';
import { inArray } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { attendances, contacts, messages } from '../db/schema/attendance';
import { createFactListener } from '../facts/fact-listener';
import { headCursor, readFactsAfter, type TFactCursor, type TStoredFact } from '../facts/read-facts';
import {
  type AttendanceRow,
  type MessageRow,
  type QuotedInfo,
  toCard,
  toMessage,
} from '../modules/attendance/card';
import { createDashboardNotifier } from '../modules/dashboards/dashboard-notifier';
import type { Db } from '../platform/db';
import { emitNewchatQueues } from './newchat-realtime';
import { emitWawebChannelUpdate } from './waweb-fanout';

export type FactFanout = {
  /** Resolves once the node listens: facts committed after it reach its sockets. */
  ready: Promise<void>;
  stop(): Promise<void>;
};

type Route = { sectorId: number; operatorAssignedId: number | null };

export type FanoutDeps = {
  db: Db;
  url: string;
  log?: (msg: string, err?: unknown) => void;
  /** `company.updated` of triage or distribution: this node's sockets of the company change card rooms. */
  refreshCardRooms?: (companyId: number) => Promise<void>;
};

// Facts after which the card itself is shown again (a message's delivery state changes only the message).
const CARD_FACTS = new Set<string>([
  'attendance.opened',
  'attendance.assigned',
  'attendance.transferred',
  'attendance.status_set',
  'attendance.closed',
  'attendance.reopened',
  'attendance.updated',
  'automation.started',
  'automation.handover',
  'poll.answered',
  'message.received',
  'schedule.created',
  'schedule.returned',
]);

const messageIdOf = (f: TStoredFact): number | null =>
  f.name === 'message.received' ||
  f.name === 'message.sent' ||
  f.name === 'message.updated' ||
  f.name === 'delivery.updated'
    ? f.data.message_id
    : null;

/**
 * Realtime from facts, on every API node: it listens for facts, reads them from where it started (the head at
 * boot), loads the cards and messages they name (two queries a batch; facts of one attendance coalesce) and
 * emits to the sockets of this node only (`io.local`): every node reads every fact, whichever node or worker
 * wrote it, so nothing goes through the Redis adapter as well.
 */
export async function startFactFanout(
  io: Server,
  deps: FanoutDeps,
  // Messages leave with their attachments' signed URLs (identity where no storage is given).
  present: (message: TMessage) => TMessage = (m) => m,
): Promise<FactFanout> {
  let cursor: TFactCursor = await headCursor(deps.db);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  // Dashboards (issue 19): managers hear `update-dashboard` at most once a second per company.
  const dashboards = createDashboardNotifier(io);

  const drain = async () => {
    do {
      again = false;
      for (;;) {
        const r = await readFactsAfter(deps.db, cursor);
        cursor = r.cursor;
        if (r.facts.length > 0) {
          for (const f of r.facts) dashboards.notify(f.companyId, f.name);
          await emitBatch(io, deps, r.facts, present);
        }
        if (!cursor.page || stopped) break;
      }
    } while (again && !stopped);
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => deps.log?.('falha ao distribuir fatos aos sockets', err))
      .finally(() => {
        running = null;
        if (again && !stopped) wake();
      });
  };

  const listener = createFactListener({ url: deps.url, onWake: wake, log: deps.log });
  return {
    ready: listener.ready,
    async stop() {
      stopped = true;
      dashboards.stop();
      await listener.stop();
      await running;
    },
  };
}

async function emitBatch(
  io: Server,
  deps: FanoutDeps,
  facts: TStoredFact[],
  present: (message: TMessage) => TMessage,
): Promise<void> {
  const db = deps.db;
  const attendanceIds = [...new Set(facts.flatMap((f) => (f.attendanceId === null ? [] : [f.attendanceId])))];
  const messageIds = [...new Set(facts.flatMap((f) => messageIdOf(f) ?? []))];
  const [cards, stored] = await Promise.all([
    attendanceIds.length > 0
      ? db.select().from(attendances).where(inArray(attendances.id, attendanceIds))
      : Promise.resolve([] as AttendanceRow[]),
    messageIds.length > 0
      ? db.select().from(messages).where(inArray(messages.id, messageIds))
      : Promise.resolve([] as MessageRow[]),
  ]);
  const quotedIds = [...new Set(stored.flatMap((m) => (m.quotedMessageId ? [m.quotedMessageId] : [])))];
  const quoted =
    quotedIds.length > 0
      ? await db
          .select({ messageId: messages.messageId, text: messages.text, senderType: messages.senderType })
          .from(messages)
          .where(inArray(messages.messageId, quotedIds))
      : [];
  const cardOf = new Map(cards.map((c) => [c.id, c]));
  // Channels whose outgoing messages go over our own socket (the web chat): the contact's external id is the
  // visitor's room.
  const visitorContactIds = [
    ...new Set(cards.flatMap((c) => (capabilitiesOf(c.channelKind).socketDelivery ? [c.contactId] : []))),
  ];
  const visitorRows =
    visitorContactIds.length > 0
      ? await db
          .select({ id: contacts.id, externalId: contacts.externalId })
          .from(contacts)
          .where(inArray(contacts.id, visitorContactIds))
      : [];
  const visitorOf = new Map(visitorRows.map((v) => [v.id, v.externalId]));
  const visitors = io.of('/webchat').local;
  const messageOf = new Map(stored.map((m) => [m.id, m]));
  const quotedOf = (m: MessageRow): QuotedInfo => {
    const q = m.quotedMessageId ? quoted.find((x) => x.messageId === m.quotedMessageId) : undefined;
    return q ? { message_id: q.messageId, text: q.text, sender_type: q.senderType, expired: false } : null;
  };

  // One attendance at a time, in the order of its first fact: its card once, then its messages in order.
  const byAttendance = new Map<number, TStoredFact[]>();
  // A number's session changes several times in a batch: it is shown once, as it is now, at its last fact.
  const lastWaweb = new Map<number, TStoredFact>();
  for (const f of facts) if (f.name === 'waweb.channel_updated') lastWaweb.set(f.data.channel_id, f);
  for (const f of facts) {
    if (f.name === 'waweb.channel_updated' && lastWaweb.get(f.data.channel_id) !== f) continue;
    if (f.attendanceId !== null) {
      const list = byAttendance.get(f.attendanceId) ?? [];
      list.push(f);
      byAttendance.set(f.attendanceId, list);
    } else await emitCompanyFact(io, deps, f);
  }
  for (const [id, list] of byAttendance) {
    const row = cardOf.get(id);
    if (!row) continue;
    if (row.companyId !== list[0]?.companyId) continue;
    const card = toCard(row);
    const now = cardRooms(card);
    const closed = list.some((f) => f.name === 'attendance.closed');
    const showCard = list.some(
      (f) =>
        CARD_FACTS.has(f.name) ||
        (f.name === 'message.sent' && (f.data.origin === 'operator' || f.data.origin === 'template')),
    );
    if (row.closedAt) {
      if (closed) io.local.to(now).emit('attendance:removed', { id: card.id, closed: true });
    } else if (showCard) {
      const previous = firstRoute(list);
      if (previous) {
        const before = cardRooms({
          sector_id: previous.sectorId,
          operator_assigned_id: previous.operatorAssignedId,
        });
        io.local.to(before).except(now).emit('attendance:removed', { id: card.id, closed: false });
      }
      io.local.to(now).emit('attendance:upsert', card);
    }
    const visitor = capabilitiesOf(row.channelKind).socketDelivery ? visitorOf.get(row.contactId) : undefined;
    const seen = new Set<string>();
    for (const f of list) {
      const messageId = messageIdOf(f);
      if (messageId === null) continue;
      const m = messageOf.get(messageId);
      if (!m) continue;
      const event =
        f.name === 'message.received' || f.name === 'message.sent' ? 'message:created' : 'message:updated';
      // Several updates of one message in a batch: its current state once.
      const key = `${event}:${m.id}`;
      if (event === 'message:updated' && seen.has(key)) continue;
      seen.add(key);
      const shown = present(toMessage(m, quotedOf(m)));
      io.local.to(now).emit(event, { attendance_id: card.id, message: shown });
      if (visitor && f.name === 'message.sent') visitors.to(rooms.visitor(visitor)).emit('message', shown);
    }
    // The widget is told the conversation ended after the messages of the same change (the status's text).
    if (visitor && closed && row.closedAt) {
      visitors.to(rooms.visitor(visitor)).emit('finalized', { protocol: row.protocol });
    }
  }
  // Cards came, went or changed hands: NewChat visitors waiting in those companies hear their place again.
  const queueCompanies = new Set(
    facts.filter((f) => f.attendanceId !== null && CARD_FACTS.has(f.name)).map((f) => f.companyId),
  );
  if (queueCompanies.size > 0) await emitNewchatQueues(io, db, queueCompanies);
}

/** Where the card was before the first change of hands among these facts. */
function firstRoute(list: TStoredFact[]): Route | null {
  for (const f of list) {
    if (f.name === 'attendance.transferred')
      return { sectorId: f.data.from_sector_id, operatorAssignedId: f.data.from_operator_id };
    if (f.name === 'attendance.assigned')
      return { sectorId: f.data.sector_id, operatorAssignedId: f.data.from_operator_id };
  }
  return null;
}

async function emitCompanyFact(io: Server, deps: FanoutDeps, f: TStoredFact): Promise<void> {
  const company = rooms.company(f.companyId);
  if (f.name === 'operator.status_changed') {
    io.local
      .to(company)
      .emit('operator:changed', { userId: f.data.user_id, status: f.data.status, paused: f.data.paused });
  } else if (f.name === 'pause.started') {
    io.local.to(company).emit('operator:changed', { userId: f.data.user_id, status: 'online', paused: true });
  } else if (f.name === 'pause.ended' && f.data.reason === 'user') {
    // A pause ended by its limit also sets the operator offline: that fact tells it.
    io.local
      .to(company)
      .emit('operator:changed', { userId: f.data.user_id, status: 'online', paused: false });
  } else if (f.name === 'company.updated') {
    const { changed } = f.data;
    if (changed.includes('auto_dist') || changed.includes('triage')) {
      await deps.refreshCardRooms?.(f.companyId).catch((err: unknown) => {
        deps.log?.('falha ao trocar as salas de cartões', err);
      });
    }
    io.local.to(company).emit('company:updated', { companyId: f.companyId, changed });
  } else if (f.name === 'session.revoked') {
    const session = rooms.session(f.data.session_id);
    io.local.to(session).emit('session:revoked', { reason: f.data.reason });
    io.local.in(session).disconnectSockets(true);
  } else if (f.name === 'waweb.channel_updated') {
    await emitWawebChannelUpdate(io, deps.db, { companyId: f.companyId, channelId: f.data.channel_id });
  } else if (f.name === 'campaign.updated') {
    io.local.to(rooms.companyManagers(f.companyId)).emit('campaign:updated', { id: f.data.campaign_id });
  } else if (f.name === 'mailing.updated') {
    io.local.to(rooms.companyManagers(f.companyId)).emit('mailing:updated', { id: f.data.mailing_id });
  } else if (f.name === 'batch_close.updated') {
    io.local.to(rooms.companyManagers(f.companyId)).emit('batch-close:updated', { id: f.data.queue_id });
  } else if (f.name === 'blacklist.changed') {
    io.local
      .to(rooms.companyManagers(f.companyId))
      .emit('blacklist:changed', { suggestions: f.data.suggestions });
  } else if (f.name === 'export.ready') {
    io.local
      .to(rooms.user(f.data.user_id))
      .emit('export:ready', { exportId: f.data.export_id, message: HISTORY_MSG.exportReady });
  } else if (f.name === 'internal.message') {
    // Only the recipient's sockets: the messenger is private between a manager and an operator.
    io.local
      .to(rooms.user(f.data.to_user_id))
      .emit(f.data.answer ? 'operator-answer' : 'internal-message', { chat_id: f.data.chat_id });
  } else if (f.name === 'notification.changed') {
    io.local.to(company).emit('notification', { notification_id: f.data.notification_id });
  } else if (f.name === 'survey.changed') {
    io.local.to(company).emit('survey', { survey_id: f.data.survey_id });
  }
}
