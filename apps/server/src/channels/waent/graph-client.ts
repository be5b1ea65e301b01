import { OutboundError, type OutboundGuard } from '../../platform/outbound-url';
import type { TemplatePayload } from '../port';
import type { WaentChannel } from './config';

// The WhatsApp Cloud API over HTTP (Meta's Graph API or a broker exposing it). The base URL is the channel's
// (graph.facebook.com, a broker, or the local peer in tests): there is no test-only branch. Every call, media
// URLs included, goes through the outbound-URL guard.

export type GraphChannel = {
  apiBaseUrl: string;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  outbound: OutboundGuard;
};

/** The Graph API side of a channel: its base URL, number, WABA and access token. */
export function graphOf(ch: WaentChannel, outbound: OutboundGuard): GraphChannel {
  return {
    apiBaseUrl: ch.config.api_base_url,
    phoneNumberId: ch.routeKey,
    wabaId: ch.config.waba_id,
    accessToken: ch.secrets.access_token ?? '',
    outbound,
  };
}

/** A Graph API error (spec: error objects with code, type, message; 429 and 5xx may be retried). */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
    this.name = 'GraphError';
  }
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500 || this.code === 130429 || this.code === 131056;
  }
}

export type SendPayload =
  | { type: 'text'; text: { body: string; preview_url?: boolean } }
  | {
      type: 'image' | 'video' | 'document' | 'audio';
      media: { id?: string; link?: string; caption?: string; filename?: string };
    }
  | { type: 'template'; template: TemplatePayload };

const base = (c: GraphChannel) => c.apiBaseUrl.replace(/\/+$/, '');

async function call<T>(
  c: GraphChannel,
  path: string,
  init: RequestInit = {},
  timeoutMs = 15_000,
): Promise<T> {
  const res = await c.outbound.fetch(`${base(c)}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${c.accessToken}`, ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text().catch((err: unknown) => {
    throw new OutboundError(`resposta interrompida: ${err instanceof Error ? err.message : String(err)}`);
  });
  const body = parseJson(text);
  if (!body) throw new GraphError(res.status, null, `Resposta inválida (HTTP ${res.status})`, null);
  if (!res.ok) {
    const err = (body.error ?? {}) as { code?: number; message?: string };
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new GraphError(
      res.status,
      typeof err.code === 'number' ? err.code : null,
      err.message ?? `HTTP ${res.status}`,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return body as T;
}

/** The JSON object of a reply; null when it is not one (its text is never echoed). */
function parseJson(text: string): Record<string, unknown> | null {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** POST /{phone-number-id}/messages → the wamid Meta gives the message. */
export async function sendMessage(
  c: GraphChannel,
  to: string,
  payload: SendPayload,
  reference?: string,
): Promise<{ wamid: string }> {
  // biz_opaque_callback_data: Meta echoes it in the message's status webhooks.
  const ref = reference ? { biz_opaque_callback_data: reference } : {};
  const body =
    payload.type === 'text' || payload.type === 'template'
      ? { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...ref, ...payload }
      : {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          ...ref,
          type: payload.type,
          [payload.type]: payload.media,
        };
  const r = await call<{ messages?: { id: string }[] }>(c, `/${c.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const wamid = r.messages?.[0]?.id;
  if (!wamid) throw new GraphError(502, null, 'Resposta sem id de mensagem', null);
  return { wamid };
}

/** GET /{media-id} → its temporary URL and type; then the bytes with the same token. */
export async function downloadMedia(
  c: GraphChannel,
  mediaId: string,
): Promise<{ data: Buffer; mimeType: string }> {
  const info = await call<{ url: string; mime_type: string }>(c, `/${mediaId}`);
  if (typeof info.url !== 'string') throw new GraphError(502, null, 'Resposta sem URL da mídia', null);
  const res = await c.outbound.fetch(info.url, {
    headers: { Authorization: `Bearer ${c.accessToken}` },
    signal: AbortSignal.timeout(60_000),
  });
  if (!res.ok) throw new GraphError(res.status, null, `Falha ao baixar mídia (HTTP ${res.status})`, null);
  const data = await res.arrayBuffer().catch((err: unknown) => {
    throw new OutboundError(`mídia interrompida: ${err instanceof Error ? err.message : String(err)}`);
  });
  return { data: Buffer.from(data), mimeType: info.mime_type };
}

/** POST /{phone-number-id}/media (multipart) → the media id to send. */
export async function uploadMedia(c: GraphChannel, file: { data: Buffer; mimeType: string; name: string }) {
  const form = new FormData();
  form.append('messaging_product', 'whatsapp');
  form.append('type', file.mimeType);
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.mimeType }), file.name);
  return call<{ id: string }>(c, `/${c.phoneNumberId}/media`, { method: 'POST', body: form }, 60_000);
}

export type GraphTemplate = {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: { type: string; format?: string; text?: string }[];
};

const isTemplate = (t: unknown): t is GraphTemplate => {
  const v = t as Partial<Record<keyof GraphTemplate, unknown>> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.name === 'string' &&
    typeof v.language === 'string' &&
    typeof v.status === 'string' &&
    typeof v.category === 'string' &&
    Array.isArray(v.components) &&
    v.components.every((c) => typeof c === 'object' && c !== null && typeof c.type === 'string')
  );
};

/** GET /{waba-id}/message_templates, following the paging cursors. */
export async function listTemplates(c: GraphChannel): Promise<GraphTemplate[]> {
  const out: GraphTemplate[] = [];
  let path: string | null = `/${c.wabaId}/message_templates?limit=100`;
  for (let page = 0; path && page < 50; page++) {
    const r: { data: GraphTemplate[]; paging?: { cursors?: { after?: string }; next?: string } } = await call(
      c,
      path,
    );
    if (!Array.isArray(r.data)) throw new GraphError(502, null, 'Resposta sem lista de modelos', null);
    // An entry without the fields a template has is skipped, not stored half-read.
    out.push(...r.data.filter(isTemplate));
    const after = r.paging?.next ? r.paging.cursors?.after : undefined;
    path = after ? `/${c.wabaId}/message_templates?limit=100&after=${encodeURIComponent(after)}` : null;
  }
  return out;
}
