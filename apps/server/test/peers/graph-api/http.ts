import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

// The small HTTP pieces of the Graph API peer: bodies, JSON answers and Graph error objects.

export const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export type GraphErrorSpec = {
  code: number;
  message?: string;
  type?: string;
  subcode?: number;
  status?: number;
};

/** Meta's error object: {error: {message, type, code, error_subcode, fbtrace_id}}. */
export function sendGraphError(res: ServerResponse, e: GraphErrorSpec) {
  const type = e.type ?? (e.code === 190 || e.code === 230 ? 'OAuthException' : 'FacebookApiException');
  json(res, e.status ?? (e.code === 613 ? 429 : 400), {
    error: {
      message: e.message ?? `(#${e.code}) Erro simulado pelo peer`,
      type,
      code: e.code,
      ...(e.subcode !== undefined ? { error_subcode: e.subcode } : {}),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });
}

/** The token of a call: Authorization: Bearer, or access_token in the query or the form body. */
export function tokenOf(req: IncomingMessage, url: URL, form: URLSearchParams | null): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  return url.searchParams.get('access_token') ?? form?.get('access_token') ?? null;
}

/** A JSON or urlencoded body as key/values (JSON values kept as they are). */
export function bodyFields(req: IncomingMessage, raw: Buffer): Record<string, unknown> {
  const type = req.headers['content-type'] ?? '';
  const text = raw.toString('utf8');
  if (type.includes('application/json')) {
    try {
      const v = JSON.parse(text) as unknown;
      return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    try {
      out[k] = k === 'recipient' || k === 'message' ? JSON.parse(v) : v;
    } catch {
      out[k] = v;
    }
  }
  return out;
}

/** A multipart body's parts (the platform's own parser). */
export async function multipartOf(req: IncomingMessage, raw: Buffer): Promise<FormData> {
  return new Request('http://peer/upload', {
    method: 'POST',
    headers: { 'content-type': String(req.headers['content-type'] ?? '') },
    body: new Uint8Array(raw),
  }).formData();
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
