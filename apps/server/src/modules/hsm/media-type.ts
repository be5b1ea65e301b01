import { detectFileType } from '../../platform/file-type';

const latin = (b: Buffer, s: number, e: number) => b.subarray(s, e).toString('latin1');

/**
 * The type of a header media by its content: what platform/file-type knows (JPEG, PNG, PDF, MP4…) plus
 * 3GPP video (an ISO media file whose ftyp brand starts with 3gp or 3g2), which WhatsApp accepts in templates.
 */
export function detectHeaderMediaType(b: Buffer): string | null {
  const known = detectFileType(b);
  if (known) return known.mime;
  if (b.length >= 16 && latin(b, 4, 8) === 'ftyp' && /^3g(p|2)/.test(latin(b, 8, 12))) return 'video/3gpp';
  return null;
}
