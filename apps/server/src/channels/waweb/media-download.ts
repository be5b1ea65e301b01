import { createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import type { MediaType } from '@whiskeysockets/baileys';
import type { OutboundGuard } from '../../platform/outbound-url';
import type { FetchedMedia, MediaRef } from '../port';
import { baileys } from './baileys';

// A file a person sent to a number (issue 13) stays encrypted on WhatsApp's media hosts; its message carries the
// address and the key. The inbox fetches it once, through the outbound-URL guard like every call on a user's
// behalf, checks its MAC and decrypts it (AES-256-CBC with keys expanded from the media key).

/** What a waweb MediaRef's id holds: the file's place and key (set by the parse from the message). */
export type WawebMediaLocation = {
  /** WhatsApp's id of the message that carried the file. */
  message: string;
  url: string | null;
  directPath: string | null;
  /** The media key, base64. */
  mediaKey: string;
  /** Baileys' media type of the file (its keys are expanded with it). */
  type: MediaType;
};

/** WhatsApp's download host when a message carries only a direct path. */
export const WHATSAPP_MEDIA_HOST = 'https://mmg.whatsapp.net';

const MEDIA_TYPES: readonly string[] = ['image', 'video', 'audio', 'document', 'sticker'];

export function encodeMediaLocation(loc: WawebMediaLocation): string {
  return JSON.stringify(loc);
}

export function decodeMediaLocation(id: string): WawebMediaLocation | null {
  try {
    const v = JSON.parse(id) as Partial<WawebMediaLocation>;
    if (typeof v.mediaKey !== 'string' || typeof v.type !== 'string' || !MEDIA_TYPES.includes(v.type))
      return null;
    const url = typeof v.url === 'string' && v.url !== '' ? v.url : null;
    const directPath = typeof v.directPath === 'string' && v.directPath !== '' ? v.directPath : null;
    if (!url && !directPath) return null;
    return { message: String(v.message ?? ''), url, directPath, mediaKey: v.mediaKey, type: v.type };
  } catch {
    return null;
  }
}

/** Decrypts a downloaded file: `enc || mac[10]`, the MAC over iv + enc. */
export async function decryptMedia(file: Buffer, mediaKey: Buffer, type: MediaType): Promise<Buffer> {
  const { iv, cipherKey, macKey } = await baileys.getMediaKeys(mediaKey, type);
  if (!iv || !cipherKey || !macKey) throw new Error('chave do arquivo inválida');
  const enc = file.subarray(0, file.length - 10);
  const mac = file.subarray(file.length - 10);
  const expected = createHmac('sha256', macKey).update(iv).update(enc).digest().subarray(0, 10);
  if (file.length <= 10 || !timingSafeEqual(mac, expected)) throw new Error('arquivo do WhatsApp corrompido');
  const decipher = createDecipheriv('aes-256-cbc', cipherKey, iv);
  return Buffer.concat([decipher.update(enc), decipher.final()]);
}

export async function fetchWawebMedia(outbound: OutboundGuard, ref: MediaRef): Promise<FetchedMedia> {
  const loc = decodeMediaLocation(ref.id);
  if (!loc) throw new Error('arquivo do WhatsApp sem endereço');
  const url = loc.url ?? `${WHATSAPP_MEDIA_HOST}${loc.directPath}`;
  const res = await outbound.fetch(url, { headers: { Origin: baileys.DEFAULT_ORIGIN } });
  if (!res.ok) throw new Error(`arquivo do WhatsApp indisponível (HTTP ${res.status})`);
  const data = await decryptMedia(
    Buffer.from(await res.arrayBuffer()),
    Buffer.from(loc.mediaKey, 'base64'),
    loc.type,
  );
  return { data, mimeType: ref.mimeType ?? 'application/octet-stream' };
}
