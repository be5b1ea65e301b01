import { OutboundError, type OutboundGuard } from '../../platform/outbound-url';
import { graphBase, type MetaGraphOptions } from './graph-options';

// The Graph API calls of Messenger and Instagram Direct: the Send API, attachment uploads, user profiles and
// files. Every call goes through the outbound-URL guard, with the page's token in the Authorization header (the
// Graph API takes it there as well as in access_token, and a header is never written to a log with the URL).

export type GraphPage = { token: string; outbound: OutboundGuard; options: MetaGraphOptions };

/** A Graph API error object: {error: {message, type, code, error_subcode, fbtrace_id}}. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly type: string | null,
    readonly subcode: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }
  /** 429, 5xx and code 613 (calls limit) or 2 (temporary): nothing was accepted, try again later. */
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500 || this.code === 613 || this.code === 2;
  }
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function parseJson(text: string): Record<string, unknown> | null {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** One Graph call; a non-2xx answer throws its error object as a GraphError. */
export async function graphCall<T>(
  p: GraphPage,
  path: string,
  init: RequestInit = {},
  timeoutMs = 15_000,
): Promise<T> {
  const res = await p.outbound.fetch(`${graphBase(p.options)}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${p.token}`, ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text().catch((err: unknown) => {
    throw new OutboundError(`resposta interrompida: ${err instanceof Error ? err.message : String(err)}`);
  });
  const body = parseJson(text);
  if (!body) throw new GraphError(res.status, null, null, null, `Resposta inválida (HTTP ${res.status})`);
  if (!res.ok || body.error) {
    const e = obj(body.error);
    throw new GraphError(
      res.ok ? 400 : res.status,
      typeof e.code === 'number' ? e.code : null,
      typeof e.type === 'string' ? e.type : null,
      typeof e.error_subcode === 'number' ? e.error_subcode : null,
      typeof e.message === 'string' ? e.message : `HTTP ${res.status}`,
    );
  }
  return body as T;
}

export type SendApiMessage =
  | { text: string }
  | { attachment: { type: 'image' | 'video' | 'audio' | 'file'; payload: { attachment_id: string } } };

export type SendApiBody = {
  recipient: { id: string };
  message: SendApiMessage;
  messaging_type: 'RESPONSE' | 'MESSAGE_TAG';
  tag?: 'HUMAN_AGENT';
};

/** POST /{page-or-account}/messages (the Send API) → the mid the platform gives the message. */
export async function sendApi(p: GraphPage, sender: string, body: SendApiBody): Promise<{ mid: string }> {
  const r = await graphCall<{ message_id?: unknown }>(p, `/${encodeURIComponent(sender)}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (typeof r.message_id !== 'string' || !r.message_id)
    throw new GraphError(502, null, null, null, 'Resposta sem id de mensagem');
  return { mid: r.message_id };
}

/** POST /{page}/message_attachments (multipart filedata) → the attachment_id to send. */
export async function uploadAttachment(
  p: GraphPage,
  sender: string,
  file: { data: Buffer; mimeType: string; name: string; type: 'image' | 'video' | 'audio' | 'file' },
): Promise<{ attachmentId: string }> {
  const form = new FormData();
  form.append('message', JSON.stringify({ attachment: { type: file.type, payload: { is_reusable: true } } }));
  form.append('filedata', new Blob([new Uint8Array(file.data)], { type: file.mimeType }), file.name);
  const r = await graphCall<{ attachment_id?: unknown }>(
    p,
    `/${encodeURIComponent(sender)}/message_attachments`,
    { method: 'POST', body: form },
    60_000,
  );
  if (typeof r.attachment_id !== 'string' || !r.attachment_id)
    throw new GraphError(502, null, null, null, 'Resposta sem id do anexo');
  return { attachmentId: r.attachment_id };
}

export type GraphProfile = { name: string | null; picture: string | null };

/**
 * A contact's profile: Messenger's first_name/last_name/profile_pic, Instagram's name/username/profile_pic.
 * (The app webhook asks it for a person's first events: the parse does no I/O.)
 */
export async function fetchProfile(
  p: GraphPage,
  kind: 'fa' | 'insta',
  userId: string,
  timeoutMs = 15_000,
): Promise<GraphProfile> {
  const fields = kind === 'fa' ? 'first_name,last_name,profile_pic' : 'name,username,profile_pic';
  const r = await graphCall<Record<string, unknown>>(
    p,
    `/${encodeURIComponent(userId)}?fields=${fields}`,
    {},
    timeoutMs,
  );
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const name =
    kind === 'fa'
      ? [str(r.first_name), str(r.last_name)].filter(Boolean).join(' ') || null
      : (str(r.name) ?? str(r.username));
  return { name, picture: str(r.profile_pic) };
}

/** The bytes of a file the platform hosts (an attachment's payload.url), through the guard. */
export async function downloadFile(
  outbound: OutboundGuard,
  url: string,
): Promise<{ data: Buffer; mimeType: string }> {
  const res = await outbound.fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!res.ok)
    throw new GraphError(res.status, null, null, null, `Falha ao baixar mídia (HTTP ${res.status})`);
  const data = await res.arrayBuffer().catch((err: unknown) => {
    throw new OutboundError(`mídia interrompida: ${err instanceof Error ? err.message : String(err)}`);
  });
  return { data: Buffer.from(data), mimeType: res.headers.get('content-type') ?? 'application/octet-stream' };
}
