// Media control (settings tab 14): which media kinds operators may send and a size per kind within the
// channels' own limits (attachment-rules.ts). No zod here: the upload path and the chat read it.
import { ATTACHMENT_MAX_BYTES, type TAttachmentKind } from './attachment-rules';

export const MEDIA_KINDS = [
  'image',
  'video',
  'audio',
  'document',
] as const satisfies readonly TAttachmentKind[];
export type TMediaKind = (typeof MEDIA_KINDS)[number];

export const MEDIA_KIND_LABEL: Record<TMediaKind, string> = {
  image: 'Imagem',
  video: 'Vídeo',
  audio: 'Áudio',
  document: 'Documento',
};

/** The extensions of each kind as the refusal lists them (audio only as a recorded voice note, MP3). */
export const MEDIA_KIND_EXTENSIONS: Record<TMediaKind, readonly string[]> = {
  image: ['BMP', 'GIF', 'JPG', 'PNG'],
  video: ['MP4'],
  audio: ['MP3'],
  document: ['PDF'],
};

const MB = 1024 * 1024;

/** The channels' own limit per kind in MB: a company may only lower it. */
export const MEDIA_MAX_MB: Record<TMediaKind, number> = {
  image: ATTACHMENT_MAX_BYTES.image / MB,
  video: ATTACHMENT_MAX_BYTES.video / MB,
  audio: ATTACHMENT_MAX_BYTES.audio / MB,
  document: ATTACHMENT_MAX_BYTES.document / MB,
};

export type TMediaKindRule = { enabled: boolean; max_mb: number | null };
export type TMediaControl = Record<TMediaKind, TMediaKindRule>;

/** Spec 2 §9 texts, the placeholders filled: the allowed extensions and the size limit. */
export const mediaUnsupported = (extensions: readonly string[]) =>
  `Mídia não suportada. Extensões permitidas: ${extensions.length > 0 ? extensions.join(', ') : 'nenhuma'}`;
export const mediaTooLarge = (mb: number) => `Mídia maior que o tamanho suportado (${mb} MB)`;

export const mediaMaxMbMessage = (kind: TMediaKind) =>
  `O tamanho máximo de ${MEDIA_KIND_LABEL[kind].toLowerCase()} deve ser um número inteiro entre 1 e ${MEDIA_MAX_MB[kind]} MB.`;

/** The size a kind may reach for the company: its own limit, never above the channels'. */
export function mediaLimitMb(control: TMediaControl, kind: TMediaKind): number {
  const own = control[kind].max_mb;
  return own === null ? MEDIA_MAX_MB[kind] : Math.min(own, MEDIA_MAX_MB[kind]);
}

/** The extensions of the kinds the company allows. */
export function allowedExtensions(control: TMediaControl): string[] {
  return MEDIA_KINDS.filter((k) => control[k].enabled).flatMap((k) => MEDIA_KIND_EXTENSIONS[k]);
}

/** Why the company refuses a file of this kind and size, or null when it may be sent. */
export function mediaControlError(control: TMediaControl, kind: TMediaKind, bytes: number): string | null {
  if (!control[kind].enabled) return mediaUnsupported(allowedExtensions(control));
  const mb = mediaLimitMb(control, kind);
  if (bytes > mb * MB) return mediaTooLarge(mb);
  return null;
}
