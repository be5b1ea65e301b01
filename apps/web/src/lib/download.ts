import { MSG } from '@prosa/shared/messages';
import { ApiError } from './api';

/** The file name of a `content-disposition: attachment; filename="…"` header (RFC 6266, with filename*). */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoded name falls back to the plain one below.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name || fallback;
}

/** Saves a Blob as a file through a temporary link. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the URL once the click returned; revoke it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The response of a same-origin GET, or an ApiError carrying the server's `{ code, message }`. */
export async function fetchOrThrow(path: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK', message: MSG.genericError, fromServer: false });
  }
  if (response.ok) return response;
  const payload: unknown = await response.json().catch(() => null);
  if (payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string') {
    const code =
      'code' in payload && typeof payload.code === 'string' ? payload.code : `HTTP_${response.status}`;
    throw new ApiError({ status: response.status, code, message: payload.message, fromServer: true });
  }
  throw new ApiError({
    status: response.status,
    code: `HTTP_${response.status}`,
    message: MSG.genericError,
    fromServer: false,
  });
}

/** Downloads a file answered by the API (CSV exports) under the name the server gives. */
export async function downloadResponse(response: Response, fallbackName: string) {
  const blob = await response.blob();
  saveBlob(blob, filenameFromDisposition(response.headers.get('content-disposition'), fallbackName));
}

export async function downloadFile(path: string, fallbackName = 'arquivo.csv') {
  await downloadResponse(await fetchOrThrow(path), fallbackName);
}
