import { HSM_MSG, type TActiveMedia, ZActiveMediaUploadResult } from '@prosa/shared/hsm';

function serverMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : null;
  } catch {
    return null;
  }
}

/** The text of a failed upload: 413 is "too large" (spec 1 §5), then the server's text, then ours. */
export function activeUploadFailure(status: number, body: string): string {
  if (status === 413) return HSM_MSG.mediaTooLarge;
  if (status >= 400 && status < 500) return serverMessage(body) ?? HSM_MSG.uploadError;
  return HSM_MSG.uploadError;
}

/**
 * The file of a web number's active message to /api/active-waweb-upload, with progress (XMLHttpRequest
 * reports upload progress, fetch does not) and cancellation by `signal`. Answers the `media` to send back.
 */
export function uploadActiveMedia(opts: {
  file: File;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}): Promise<TActiveMedia> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('file', opts.file, opts.file.name);
    xhr.open('POST', '/api/active-waweb-upload');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status !== 200) return reject(new Error(activeUploadFailure(xhr.status, xhr.responseText)));
      try {
        const parsed = ZActiveMediaUploadResult.safeParse(JSON.parse(xhr.responseText));
        if (parsed.success) {
          opts.onProgress?.(1);
          return resolve(parsed.data.media);
        }
      } catch {
        // falls through to the generic error
      }
      reject(new Error(HSM_MSG.uploadError));
    };
    xhr.onerror = () => reject(new Error(HSM_MSG.uploadError));
    xhr.onabort = () => reject(new Error(HSM_MSG.uploadError));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
