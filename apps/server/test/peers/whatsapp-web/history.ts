import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { type BinaryNode, getBinaryNodeChild, proto } from '@whiskeysockets/baileys';
import { encryptMedia, type MediaHost } from './media';
import type { SignalDevice } from './phone';

// What the phone keeps of each chat and tells the companion about it (issue 13's reconciliation): a log of the
// messages contacts wrote (delivered or lost by the server), the chats' recent state as a RECENT history sync
// (each chat with its newest messages, newest first, as WhatsApp sends them), and the answer to the companion's
// on-demand history request (a peer message to the account's own phone) as an ON_DEMAND history sync.

/** One message of a chat, as the phone holds it. */
export type LoggedMessage = { id: string; fromMe: boolean; text: string; t: number; pushName?: string };

/** What the companion asked the phone for (Baileys' fetchMessageHistory). */
export type HistoryRequest = {
  /** The id of the request's message: the answer names it as its peerDataRequestSessionId. */
  requestId: string;
  chatJid: string;
  oldestMsgId: string;
  oldestMsgFromMe: boolean;
  count: number;
};

export class ChatLog {
  private readonly chats = new Map<string, LoggedMessage[]>();

  add(jid: string, m: LoggedMessage) {
    const list = this.chats.get(jid) ?? [];
    list.push(m);
    this.chats.set(jid, list);
  }

  /** Each chat (in the order given, else as they began) with its `perChat` newest messages, newest first. */
  recent(perChat: number, jids?: string[]) {
    return (jids ?? [...this.chats.keys()]).map((jid) => ({
      jid,
      messages: (this.chats.get(jid) ?? []).slice(-perChat).reverse(),
      unread: (this.chats.get(jid) ?? []).filter((m) => !m.fromMe).length,
    }));
  }

  /** Up to `count` messages before `id` in its chat, newest first (none when the phone does not know `id`). */
  before(jid: string, id: string, count: number) {
    const list = this.chats.get(jid) ?? [];
    const i = list.findIndex((m) => m.id === id);
    return i < 0 ? [] : list.slice(Math.max(0, i - count), i).reverse();
  }
}

const historyMsg = (jid: string, m: LoggedMessage): proto.IHistorySyncMsg => ({
  message: {
    key: { remoteJid: jid, fromMe: m.fromMe, id: m.id },
    message: { conversation: m.text },
    messageTimestamp: m.t,
    ...(m.pushName ? { pushName: m.pushName } : {}),
  },
});

/** A history sync put on the media host, and the protocol message that announces it. */
export async function historyNotification(
  media: MediaHost,
  syncType: proto.HistorySync.HistorySyncType,
  chats: { jid: string; messages: LoggedMessage[]; unread?: number }[],
  requestId?: string,
): Promise<proto.IMessage> {
  const sync = proto.HistorySync.encode({
    syncType,
    conversations: chats.map((c) => ({
      id: c.jid,
      messages: c.messages.map((m) => historyMsg(c.jid, m)),
      conversationTimestamp: c.messages[0]?.t ?? 0,
      ...(c.unread !== undefined ? { unreadCount: c.unread } : {}),
    })),
  }).finish();
  const enc = await encryptMedia(deflateSync(sync), 'md-msg-hist');
  const directPath = media.put(enc.file);
  return {
    protocolMessage: {
      type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION,
      historySyncNotification: {
        directPath,
        mediaKey: enc.mediaKey,
        fileEncSha256: enc.fileEncSha256,
        fileSha256: enc.fileSha256,
        fileLength: enc.fileLength,
        syncType,
        chunkOrder: 1,
        progress: 100,
        ...(requestId ? { peerDataRequestSessionId: requestId } : {}),
      },
    },
  };
}

/**
 * A peer message the companion sent the account's own phone (`category=peer`, one `enc` for device 0), read by
 * the phone: the on-demand history request it carries, if any.
 */
export async function historyRequestOf(
  node: BinaryNode,
  phone: SignalDevice,
  companionJid: string,
): Promise<HistoryRequest | null> {
  const enc = getBinaryNodeChild(node, 'enc');
  if (node.attrs.category !== 'peer' || !enc) return null;
  const message = await phone.decrypt(companionJid, enc);
  const pdo = (message.deviceSentMessage?.message ?? message).protocolMessage
    ?.peerDataOperationRequestMessage;
  const req = pdo?.historySyncOnDemandRequest;
  if (
    pdo?.peerDataOperationRequestType !== proto.Message.PeerDataOperationRequestType.HISTORY_SYNC_ON_DEMAND ||
    !req?.chatJid ||
    !req.oldestMsgId
  )
    return null;
  return {
    requestId: node.attrs.id ?? randomBytes(8).toString('hex'),
    chatJid: req.chatJid,
    oldestMsgId: req.oldestMsgId,
    oldestMsgFromMe: req.oldestMsgFromMe === true,
    count: req.onDemandMsgCount ?? 50,
  };
}
