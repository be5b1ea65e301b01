// The media viewer's address (/media?src=&type=&name=&mime=) and what it accepts: only a signed URL of our own
// file storage (/api/files/<key>?exp=&sig=, same origin), never an arbitrary address. Zod-free: the chat's
// message bubbles build the link on first load.

export const FILES_PATH = '/api/files/';
export const MEDIA_VIEWER_PATH = '/media';

export type TMediaKind = 'image' | 'video' | 'audio' | 'pdf' | 'file';

export type TMediaView =
  | { ok: true; src: string; kind: TMediaKind; name: string }
  | { ok: false; reason: 'missing' | 'foreign' | 'expired' };

type TMediaLinkInput = { url: string; type: string; mimeType?: string; originalName?: string };

/** The viewer's address for one attachment of a conversation. */
export function mediaViewerHref(a: TMediaLinkInput): string {
  const q = new URLSearchParams({ src: a.url, type: a.type });
  if (a.mimeType) q.set('mime', a.mimeType);
  if (a.originalName) q.set('name', a.originalName);
  return `${MEDIA_VIEWER_PATH}?${q}`;
}

function kindOf(type: string | null, mime: string | null): TMediaKind {
  if (mime === 'application/pdf') return 'pdf';
  if (type === 'image' || type === 'video' || type === 'audio') return type;
  return 'file';
}

/**
 * What the viewer shows for its query string: the file when `src` is a same-origin /api/files/ URL with a
 * signature and an expiry still ahead; otherwise why there is nothing to show.
 */
export function readMediaView(search: string, origin: string, now = Date.now()): TMediaView {
  const params = new URLSearchParams(search);
  const raw = params.get('src')?.trim() ?? '';
  if (!raw) return { ok: false, reason: 'missing' };
  // Backslashes and control characters are read as slashes or dropped by browsers: never ours.
  if (raw.includes('\\') || [...raw].some((ch) => ch.charCodeAt(0) < 0x20))
    return { ok: false, reason: 'foreign' };
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return { ok: false, reason: 'foreign' };
  }
  if (
    url.origin !== origin ||
    !url.pathname.startsWith(FILES_PATH) ||
    url.pathname.length <= FILES_PATH.length
  ) {
    return { ok: false, reason: 'foreign' };
  }
  if (url.username || url.password) return { ok: false, reason: 'foreign' };
  const exp = Number(url.searchParams.get('exp'));
  if (!url.searchParams.get('sig') || !Number.isInteger(exp) || exp <= 0)
    return { ok: false, reason: 'foreign' };
  if (exp * 1000 <= now) return { ok: false, reason: 'expired' };
  const name =
    params.get('name')?.trim() || decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'arquivo';
  return {
    ok: true,
    src: `${url.pathname}${url.search}`,
    kind: kindOf(params.get('type'), params.get('mime')),
    name,
  };
}
