import { ATTACHMENT_MSG } from '@prosa/shared/attachment-rules';
import { type TUploadResult, ZUploadResult } from '@prosa/shared/attachments';

/** An upload that failed, with the text to show (the server's when it gave one). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly aborted = false,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

function serverMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : null;
  } catch {
    return null;
  }
}

/** The text of a failed upload: 413 is always "too large" (spec 1 §5), then the server's text, then ours. */
export function uploadFailure(status: number, body: string, name: string): string {
  if (status === 413) return ATTACHMENT_MSG.tooLarge(name);
  if (status >= 400 && status < 500) return serverMessage(body) ?? ATTACHMENT_MSG.uploadError;
  return ATTACHMENT_MSG.uploadError;
}

/**
 * One file to an upload route as multipart (file, kind), with progress (XMLHttpRequest reports upload
 * progress, fetch does not) and cancellation by `signal`.
 */
export function uploadFile(opts: {
  url: string;
  file: Blob;
  name: string;
  voice?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}): Promise<TUploadResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new UploadError('cancelado', true));
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('kind', opts.voice ? 'voice' : 'file');
    form.append('file', opts.file, opts.name);
    xhr.open('POST', opts.url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        try {
          const parsed = ZUploadResult.safeParse(JSON.parse(xhr.responseText));
          if (parsed.success) {
            opts.onProgress?.(1);
            return resolve(parsed.data);
          }
        } catch {
          // falls through to the generic error
        }
        return reject(new UploadError(ATTACHMENT_MSG.uploadError));
      }
      reject(new UploadError(uploadFailure(xhr.status, xhr.responseText, opts.name)));
    };
    xhr.onerror = () => reject(new UploadError(ATTACHMENT_MSG.uploadError));
    xhr.onabort = () => reject(new UploadError('cancelado', true));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
