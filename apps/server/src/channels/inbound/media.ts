import { randomUUID } from 'node:crypto';
import type { TStoredAttachment } from '@prosa/shared/attachments';
import { detectFileType } from '../../platform/file-type';
import type { ChannelCtx, FetchedMedia, MediaRef, OpenChannel } from '../port';

/** File extensions of the types providers send, for stored names when the bytes do not tell. */
const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'application/pdf': 'pdf',
};

const kindOfMime = (mime: string): TStoredAttachment['type'] =>
  mime.startsWith('image/')
    ? 'image'
    : mime.startsWith('video/')
      ? 'video'
      : mime.startsWith('audio/')
        ? 'audio'
        : 'document';

/**
 * A file of an inbound message, fetched from the provider (outside any transaction) and stored as ours: its
 * type from its bytes first, then from what the provider said.
 */
export async function storeInboundMedia(
  ctx: ChannelCtx,
  ch: OpenChannel,
  fetch: (ctx: ChannelCtx, ch: OpenChannel, ref: MediaRef) => Promise<FetchedMedia>,
  ref: MediaRef,
): Promise<TStoredAttachment> {
  const { data, mimeType } = await fetch(ctx, ch, ref);
  const detected = detectFileType(data);
  const mime = (detected?.mime ?? mimeType ?? ref.mimeType ?? 'application/octet-stream').split(';')[0] ?? '';
  const ext = detected?.ext ?? EXT[mime] ?? 'bin';
  const id = randomUUID();
  const key = `${ch.kind}/${ch.companyId}/${ch.id}/${id}.${ext}`;
  await ctx.storage.put(key, data, mime);
  const fallback = ref.type === 'sticker' ? `figurinha.${ext}` : `${ref.type}.${ext}`;
  return {
    id,
    type: kindOfMime(mime),
    mimeType: mime,
    originalName: (ref.fileName ?? fallback).replace(/[\\/"]/g, '').slice(0, 120) || fallback,
    key,
    size: data.length,
  };
}
