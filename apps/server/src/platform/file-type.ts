import { extensionOf } from '@prosa/shared/attachment-rules';
import { fileContentMismatchMessage } from '@prosa/shared/messages';
import { detectImageType } from './image-type';

export type FileType = { mime: string; ext: string };

const latin = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');
const tail = (b: Buffer, n: number) => b.subarray(Math.max(0, b.length - n));

// Major brands of ISO media files that are MP4 video (not HEIC images, M4A audio or QuickTime).
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
]);

/** PNG: signature, IHDR first, IEND at the end (a cut file has none). */
function completePng(b: Buffer): boolean {
  return b.length >= 45 && latin(b, 12, 16) === 'IHDR' && latin(tail(b, 32), 0, 32).includes('IEND');
}

/** JPEG: start of image, and the end-of-image marker near the end. */
function completeJpeg(b: Buffer): boolean {
  if (b.length < 32) return false;
  const t = tail(b, 64);
  for (let i = t.length - 2; i >= 0; i--) if (t[i] === 0xff && t[i + 1] === 0xd9) return true;
  return false;
}

/** GIF: logical screen and the trailer byte 0x3B (padding zeros after it are tolerated). */
function completeGif(b: Buffer): boolean {
  if (b.length < 14) return false;
  let end = b.length - 1;
  while (end > 13 && b[end] === 0) end--;
  return b[end] === 0x3b;
}

/** BMP: the declared file size fits and the DIB header is of a known size. */
function completeBmp(b: Buffer): boolean {
  if (b.length < 26) return false;
  const declared = b.readUInt32LE(2);
  const dataOffset = b.readUInt32LE(10);
  const dib = b.readUInt32LE(14);
  return [12, 40, 52, 56, 64, 108, 124].includes(dib) && declared <= b.length && dataOffset < b.length;
}

/** PDF: header and the %%EOF marker near the end. */
function completePdf(b: Buffer): boolean {
  return b.length >= 16 && latin(tail(b, 1024), 0, 1024).includes('%%EOF');
}

/** MP4: top-level boxes that chain exactly to the end of the file, an MP4 brand and a movie box. */
function mp4(b: Buffer): boolean {
  if (b.length < 16 || latin(b, 4, 8) !== 'ftyp' || !MP4_BRANDS.has(latin(b, 8, 12))) return false;
  let at = 0;
  let movie = false;
  while (at < b.length) {
    if (at + 8 > b.length) return false;
    let size = b.readUInt32BE(at);
    const name = latin(b, at + 4, at + 8);
    if (size === 1) {
      if (at + 16 > b.length) return false;
      size = Number(b.readBigUInt64BE(at + 8));
    } else if (size === 0) {
      size = b.length - at;
    }
    if (size < 8 || at + size > b.length) return false;
    if (name === 'moov') movie = true;
    at += size;
  }
  return movie;
}

const MP3_BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** Length in bytes of the MPEG layer III frame whose header starts at `at`, or null when it is none. */
export function mp3FrameLength(b: Buffer, at: number): number | null {
  if (at + 4 > b.length) return null;
  const [b0, b1, b2] = [b[at] ?? 0, b[at + 1] ?? 0, b[at + 2] ?? 0];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5, 1 reserved
  const layer = (b1 >> 1) & 3; // 1 = layer III
  if (version === 1 || layer !== 1) return null;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  const padding = (b2 >> 1) & 1;
  const bitrate = (version === 3 ? MP3_BITRATES_V1 : MP3_BITRATES_V2)[bitrateIndex];
  const rate = MP3_RATES[version]?.[rateIndex];
  if (!bitrate || !rate) return null;
  const samples = version === 3 ? 144 : 72;
  return Math.floor((samples * bitrate * 1000) / rate) + padding;
}

/** MP3: an optional ID3v2 tag, then a whole layer III frame followed by another frame or the end. */
function mp3(b: Buffer): boolean {
  let at = 0;
  if (latin(b, 0, 3) === 'ID3' && b.length >= 10) {
    const size = ((b[6] ?? 0) << 21) | ((b[7] ?? 0) << 14) | ((b[8] ?? 0) << 7) | (b[9] ?? 0);
    at = 10 + size;
  }
  const first = mp3FrameLength(b, at);
  if (first === null || at + first > b.length) return false;
  const next = at + first;
  return next === b.length || mp3FrameLength(b, next) !== null;
}

/**
 * The type of a whole file by its content (magic bytes and structure), never by its name: a renamed
 * executable or a file cut short answers null. Accepted: BMP, GIF, JPG, PNG, PDF, MP4 and MP3.
 */
export function detectFileType(b: Buffer): FileType | null {
  const image = detectImageType(b.subarray(0, 16));
  if (image) {
    const complete =
      image.ext === 'png'
        ? completePng(b)
        : image.ext === 'jpg'
          ? completeJpeg(b)
          : image.ext === 'gif'
            ? completeGif(b)
            : completeBmp(b);
    return complete ? image : null;
  }
  if (latin(b, 0, 5) === '%PDF-') return completePdf(b) ? { mime: 'application/pdf', ext: 'pdf' } : null;
  if (latin(b, 4, 8) === 'ftyp') return mp4(b) ? { mime: 'video/mp4', ext: 'mp4' } : null;
  if (mp3(b)) return { mime: 'audio/mpeg', ext: 'mp3' };
  return null;
}

/**
 * The refusal of a file whose content is not an accepted type although its name has an accepted extension
 * (an executable renamed .png): it says the content does not match that extension. Null when the name's
 * extension is not among `accepted` (lower case): then the list of allowed extensions is the right text.
 */
export function contentMismatch(name: string | undefined, accepted: readonly string[]): string | null {
  const ext = name ? extensionOf(name) : '';
  return name && ext && accepted.includes(ext) ? fileContentMismatchMessage(name, ext) : null;
}
