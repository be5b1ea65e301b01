import type { Readable } from 'node:stream';
import type { MediaConnInfo, WAMediaUploadFunction } from '@whiskeysockets/baileys';
import { baileys } from './baileys';

// Files a number sends go up to WhatsApp's media hosts first (issue 13): the socket asks the server for hosts and
// a token (`media_conn`), the file is encrypted with a fresh media key, and its encrypted bytes are posted to a
// host; the message then carries the url, the key and the hashes. Baileys' own uploader only reaches
// `https://<host>`: ours takes the base of that address as an option, so a channel server can be pointed at
// another WhatsApp Web endpoint (a local one in tests) the same way as its socket.

export type MediaUploadOptions = {
  /** The socket's `media_conn` query (Baileys caches it for its ttl; `true` asks anew). */
  refreshMediaConn: (force?: boolean) => Promise<MediaConnInfo>;
  /** Replaces `https://<host>` (e.g. `http://127.0.0.1:4000`); WhatsApp's hosts when absent. */
  baseUrl?: string;
  timeoutMs?: number;
};

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function wawebMediaUpload(opts: MediaUploadOptions): WAMediaUploadFunction {
  return async (stream, { mediaType, fileEncSha256B64, timeoutMs }) => {
    const body = await bytesOf(stream);
    const token = baileys.encodeBase64EncodedStringForUpload(fileEncSha256B64);
    const path = baileys.MEDIA_PATH_MAP[mediaType];
    if (!path) throw new Error(`tipo de arquivo sem envio: ${mediaType}`);
    let info = await opts.refreshMediaConn(false);
    let lastError = 'nenhum servidor de arquivos';
    for (let round = 0; round < 2; round++) {
      for (const { hostname } of info.hosts) {
        const base = opts.baseUrl?.replace(/\/$/, '') ?? `https://${hostname}`;
        const url = `${base}${path}/${token}?auth=${encodeURIComponent(info.auth)}&token=${token}`;
        try {
          const res = await fetch(url, {
            method: 'POST',
            body,
            headers: { 'Content-Type': 'application/octet-stream', Origin: baileys.DEFAULT_ORIGIN },
            signal: AbortSignal.timeout(timeoutMs ?? opts.timeoutMs ?? 60_000),
          });
          const json = (await res.json().catch(() => null)) as {
            url?: unknown;
            direct_path?: unknown;
          } | null;
          if (res.ok && (typeof json?.url === 'string' || typeof json?.direct_path === 'string')) {
            return {
              mediaUrl: typeof json?.url === 'string' ? json.url : '',
              directPath: typeof json?.direct_path === 'string' ? json.direct_path : '',
            };
          }
          lastError = `HTTP ${res.status}`;
        } catch (err) {
          lastError = err instanceof Error ? err.message : String(err);
        }
      }
      // The token may have expired: once more with fresh hosts and token.
      info = await opts.refreshMediaConn(true);
    }
    throw new Error(`Falha no envio do arquivo ao WhatsApp: ${lastError}`);
  };
}
