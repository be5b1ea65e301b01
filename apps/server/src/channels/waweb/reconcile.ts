import type { proto, WAMessageKey } from '@whiskeysockets/baileys';
import type { Db } from '../../platform/db';
import { baileys } from './baileys';
import { phoneOfJid } from './inbound';
import type { SessionRef } from './leases';
import { type StoredChat, storedChat } from './reconcile-store';

// Per-chat reconciliation (issue 13: nothing lost). After an absence the phone sends its recent history: each
// chat with its newest messages. When none of those is stored and all are newer than the newest message we hold
// of that chat, what lies between may never have reached us (neither live nor as offline messages): we ask the
// phone for the chat's history before the oldest message it reported — WhatsApp offers history only backwards
// from a known message (Baileys' fetchMessageHistory) — and keep its answer from our newest message on, through
// the same inbox (which stores each message once by its id). A page that does not reach what we hold asks for
// the next one, up to a bound.

/** Messages asked for per request (WhatsApp Web asks for 50). */
export const RECONCILE_PAGE = 50;
/** Requests per chat before giving up on reaching what we hold. */
export const RECONCILE_MAX_PAGES = 5;

type Reported = { id: string; fromMe: boolean; at: number };
/** One person's chat as a history sync reports it: its messages (at: WhatsApp's seconds). */
export type ChatReport = { jid: string; phone: string; messages: Reported[] };
/** A chat that lacks messages: ask before `anchor`; keep the answer from `floor` (seconds) on. */
export type ChatGap = { jid: string; anchor: Reported; floor: number };

/** WhatsApp's seconds: a number, or a protobuf Long in a decoded history. */
const seconds = (v: Parameters<typeof baileys.toNumber>[0]) => baileys.toNumber(v);

/** The person chats a history sync reports (groups are not reconciled), each with its messages (read it before
 * Baileys' processHistoryMessage, which keeps only each chat's newest). */
export function chatReports(sync: proto.IHistorySync): ChatReport[] {
  return (sync.conversations ?? []).flatMap((c) => {
    const phone = phoneOfJid(c.id ?? null);
    if (!c.id || !phone) return [];
    const messages = (c.messages ?? []).flatMap((h) => {
      const m = h.message;
      return m?.key?.id
        ? [{ id: m.key.id, fromMe: m.key.fromMe === true, at: seconds(m.messageTimestamp) }]
        : [];
    });
    return [{ jid: c.id, phone, messages }];
  });
}

/**
 * What a chat lacks, or null. Nothing when we hold nothing of it (no point to reconcile from), when one of the
 * reported messages is stored (they meet what we hold), or when they reach back before our newest one (whatever
 * we lack is among them, kept as history).
 */
export function gapOf(report: ChatReport, stored: StoredChat): ChatGap | null {
  if (stored.newestAt === null || stored.anyReported) return null;
  // WhatsApp lists a chat's messages newest first: of those of the same second, the last listed is the oldest.
  const oldest = report.messages.reduce<Reported | null>(
    (o, m) => (o === null || m.at <= o.at ? m : o),
    null,
  );
  if (!oldest) return null;
  // WhatsApp's timestamps are whole seconds: a message of the same second may be before or after ours.
  const floor = Math.floor(stored.newestAt / 1000);
  if (oldest.at < floor) return null;
  return { jid: report.jid, anchor: oldest, floor };
}

export type Reconciler = {
  /** The chats of a recent history just fetched that lack messages (judged before its messages are kept). */
  gaps(reports: ChatReport[]): Promise<ChatGap[]>;
  /** Asks the phone for what each chat lacks. */
  ask(gaps: ChatGap[]): Promise<void>;
  /**
   * An on-demand history: of the chats we asked for, the messages from our newest on (the others as they
   * came); asks for the next page when this one did not reach what we hold.
   */
  answered(reports: ChatReport[], messages: proto.IWebMessageInfo[]): Promise<proto.IWebMessageInfo[]>;
};

export function createReconciler(deps: {
  db: Db;
  ref: SessionRef;
  /** Baileys' fetchMessageHistory on the live socket. */
  request(count: number, oldest: WAMessageKey, oldestAtMs: number): Promise<unknown>;
  log?: (msg: string, err?: unknown) => void;
}): Reconciler {
  /** Chats asked for, with the floor of their answer and how many pages were asked. */
  const pending = new Map<string, { floor: number; pages: number }>();

  const gapOfChat = async (report: ChatReport) =>
    gapOf(
      report,
      await storedChat(
        deps.db,
        deps.ref,
        report.phone,
        report.messages.map((m) => m.id),
      ),
    );

  const ask = async (gap: ChatGap, pages: number) => {
    if (pages >= RECONCILE_MAX_PAGES) {
      deps.log?.(`histórico de ${gap.jid} não alcançou o que temos`);
      return;
    }
    pending.set(gap.jid, { floor: gap.floor, pages: pages + 1 });
    await deps
      .request(
        RECONCILE_PAGE,
        { remoteJid: gap.jid, id: gap.anchor.id, fromMe: gap.anchor.fromMe },
        gap.anchor.at * 1000,
      )
      .catch((err: unknown) => {
        pending.delete(gap.jid);
        deps.log?.('histórico da conversa não pedido', err);
      });
  };

  return {
    async gaps(reports) {
      const found: ChatGap[] = [];
      // One chat after another: a number with many chats does not flood the database at once.
      for (const report of reports) {
        const gap = await gapOfChat(report).catch((err: unknown) => {
          deps.log?.('conversa não conferida', err);
          return null;
        });
        if (gap) found.push(gap);
      }
      return found;
    },
    async ask(gaps) {
      for (const gap of gaps) await ask(gap, 0);
    },
    async answered(reports, messages) {
      const asked = new Map<string, { floor: number; pages: number }>();
      for (const report of reports) {
        const p = pending.get(report.jid);
        if (!p) continue;
        pending.delete(report.jid);
        asked.set(report.jid, p);
        if (report.messages.length < RECONCILE_PAGE) continue;
        // A full page: the phone may hold more between it and what we hold.
        const gap = await gapOfChat(report).catch(() => null);
        if (gap) await ask({ ...gap, floor: p.floor }, p.pages);
      }
      return messages.filter((m) => {
        const p = asked.get(m.key?.remoteJid ?? '');
        return !p || seconds(m.messageTimestamp) >= p.floor;
      });
    },
  };
}

/** Whether a history sync is the phone's recent one (it reports chats) or an answer to our request. */
export const isRecentSync = (syncType: number | null | undefined) =>
  syncType === baileys.proto.HistorySync.HistorySyncType.RECENT;
export const isOnDemandSync = (syncType: number | null | undefined) =>
  syncType === baileys.proto.HistorySync.HistorySyncType.ON_DEMAND;
