/** The extensions of the images detectImageType knows (PNG, JPG, GIF, BMP). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp'] as const;

/** Image type by content (magic bytes), never by file name. */
export function detectImageType(head: Buffer): { mime: string; ext: string } | null {
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { mime: 'image/jpeg', ext: 'jpg' };
  if (
    head.length >= 6 &&
    (head.subarray(0, 6).toString('latin1') === 'GIF87a' ||
      head.subarray(0, 6).toString('latin1') === 'GIF89a')
  ) {
    return { mime: 'image/gif', ext: 'gif' };
  }
  if (head.length >= 2 && head[0] === 0x42 && head[1] === 0x4d) return { mime: 'image/bmp', ext: 'bmp' };
  return null;
}
