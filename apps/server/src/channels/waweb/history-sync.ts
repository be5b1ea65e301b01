import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import type { proto } from '@whiskeysockets/baileys';
import { baileys } from './baileys';
import { decryptMedia, WHATSAPP_MEDIA_HOST } from './media-download';

// Nothing lost across a reconnect (issue 13): besides the messages WhatsApp delivers as offline ones, the phone
// sends the companion its recent history (a history-sync notification: a compressed, encrypted file on the media
// hosts). The session fetches it itself — from a base address it can be given, like uploads — and hands its
// messages to the inbox like live ones; the inbox stores each once by its id and filters groups as usual.

const inflateAsync = promisify(inflate);

/**
 * Which history to keep. The phone's past from before the number was linked (the bootstrap and full syncs, and
 * recent messages older than the pairing this process saw) would open a card for every old chat: left out. What
 * the phone sends later (recent after an absence, on demand) is kept.
 */
export const historyKept = (syncType: number | null | undefined) =>
  syncType === baileys.proto.HistorySync.HistorySyncType.RECENT ||
  syncType === baileys.proto.HistorySync.HistorySyncType.ON_DEMAND;

export function historyToKeep(
  syncType: number | null | undefined,
  messages: proto.IWebMessageInfo[],
  pairedAt: number | null,
): proto.IWebMessageInfo[] {
  if (!historyKept(syncType)) return [];
  if (pairedAt === null) return messages;
  // WhatsApp's timestamps are whole seconds.
  const since = Math.floor(pairedAt / 1000);
  return messages.filter((m) => Number(m.messageTimestamp ?? 0) >= since);
}

/** The history-sync notification a message carries, if any. */
export function historyNotificationOf(
  m: proto.IWebMessageInfo,
): proto.Message.IHistorySyncNotification | null {
  return m.message?.protocolMessage?.historySyncNotification ?? null;
}

/**
 * One history-sync notification's file — downloaded, checked, decrypted, inflated, decoded — whole: its chats
 * (what each reports, reconcile.ts) and their messages (Baileys' processHistoryMessage lists them).
 */
export async function fetchHistorySync(
  n: proto.Message.IHistorySyncNotification,
  opts: { mediaDownloadUrl?: string; timeoutMs?: number },
): Promise<proto.HistorySync> {
  if (!n.directPath || !n.mediaKey) throw new Error('histórico sem endereço');
  const base = opts.mediaDownloadUrl?.replace(/\/$/, '') ?? WHATSAPP_MEDIA_HOST;
  const res = await fetch(`${base}${n.directPath}`, {
    headers: { Origin: baileys.DEFAULT_ORIGIN },
    signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
  });
  if (!res.ok) throw new Error(`histórico indisponível (HTTP ${res.status})`);
  const file = Buffer.from(await res.arrayBuffer());
  const plain = await decryptMedia(file, Buffer.from(n.mediaKey), 'md-msg-hist');
  return baileys.proto.HistorySync.decode(await inflateAsync(plain));
}
