import { ATTACHMENT_MSG } from '@prosa/shared/attachment-rules';
import { readAttachments } from './attachments';
import type {
  SendResult,
  ServerMessage,
  UploadedFile,
  VisitorSession,
  VisitorState,
  WebchatConfig,
} from './types';

const TOKEN_HEADER = 'x-visitor-token';
const TIMEOUT_MS = 20_000;
export const OFFLINE_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua conexão.';

/** A failed call: `status` 0 when the server was not reached; `message` is the server's Portuguese text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type WebchatApi = {
  config(): Promise<WebchatConfig>;
  startVisitor(form: Record<string, string>): Promise<VisitorSession>;
  state(token: string): Promise<VisitorState>;
  send(token: string, text: string, clientId: string, files?: UploadedFile[]): Promise<SendResult>;
  /** One file to POST /api/webchat/visitor/upload; answers the reference to send with the message. */
  upload(token: string, file: Blob, name: string): Promise<UploadedFile>;
};

type Fetch = typeof fetch;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isServerMessage(v: unknown): v is ServerMessage {
  return (
    isObject(v) &&
    typeof v.id === 'number' &&
    typeof v.text === 'string' &&
    (v.from === 'visitor' || v.from === 'operator') &&
    typeof v.sent_at === 'string'
  );
}

/** A server message with its attachments' URLs on the Prosa server. */
function withAttachments<T extends ServerMessage | null>(m: T, base: string): T {
  if (!m) return m;
  return { ...m, attachments: readAttachments(m.attachments, base) };
}

function expect<T>(ok: boolean, value: unknown): T {
  if (!ok) throw new ApiError(500, 'Resposta inesperada do servidor.');
  return value as T;
}

export function createApi(base: string, code: string, fetchImpl: Fetch = (...a) => fetch(...a)): WebchatApi {
  const codePath = encodeURIComponent(code);

  async function call(
    path: string,
    init: { method?: string; token?: string; body?: unknown } = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers[TOKEN_HEADER] = init.token;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetchImpl(base + path, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: 'omit',
        mode: 'cors',
        signal: abort.signal,
      });
    } catch {
      throw new ApiError(0, OFFLINE_MESSAGE);
    } finally {
      clearTimeout(timer);
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (!response.ok) {
      const message = isObject(body) && typeof body.message === 'string' ? body.message : OFFLINE_MESSAGE;
      throw new ApiError(response.status, message);
    }
    return body;
  }

  return {
    async config() {
      const v = await call(`/api/webchat/${codePath}/config`);
      const config = expect<WebchatConfig>(
        isObject(v) && typeof v.title === 'string' && Array.isArray(v.fields),
        v,
      );
      // The logo path is the server's; on a customer site it must point back to the server.
      return {
        ...config,
        logo_url: typeof config.logo_url === 'string' ? new URL(config.logo_url, base).toString() : null,
      };
    },
    async startVisitor(form) {
      const v = await call(`/api/webchat/${codePath}/visitors`, { method: 'POST', body: { form } });
      return expect<VisitorSession>(isObject(v) && typeof v.token === 'string', v);
    },
    async state(token) {
      const v = await call('/api/webchat/visitor/state', { token });
      const ok = isObject(v) && Array.isArray(v.messages) && v.messages.every(isServerMessage);
      const state = expect<VisitorState>(ok, v);
      return { ...state, messages: state.messages.map((m) => withAttachments(m, base)) };
    },
    async send(token, text, clientId, files) {
      const v = await call('/api/webchat/visitor/messages', {
        method: 'POST',
        token,
        body: files?.length
          ? { text, client_id: clientId, attachments: files }
          : { text, client_id: clientId },
      });
      const ok =
        isObject(v) && typeof v.protocol === 'string' && (v.message === null || isServerMessage(v.message));
      const result = expect<SendResult>(ok, v);
      return { ...result, message: withAttachments(result.message, base) };
    },
    async upload(token, file, name) {
      const form = new FormData();
      form.append('file', file, name);
      let response: Response;
      try {
        response = await fetchImpl(`${base}/api/webchat/visitor/upload`, {
          method: 'POST',
          headers: { accept: 'application/json', [TOKEN_HEADER]: token },
          body: form,
          credentials: 'omit',
          mode: 'cors',
        });
      } catch {
        throw new ApiError(0, ATTACHMENT_MSG.uploadError);
      }
      const body: unknown = await response.json().catch(() => null);
      // HTTP 413 is "too large" whatever answered it (spec 1 §5).
      if (response.status === 413) throw new ApiError(413, ATTACHMENT_MSG.tooLarge(name));
      if (!response.ok) {
        const message =
          isObject(body) && typeof body.message === 'string' && response.status < 500
            ? body.message
            : ATTACHMENT_MSG.uploadError;
        throw new ApiError(response.status, message);
      }
      const uploaded = isObject(body) && isObject(body.file) ? body.file : null;
      return expect<UploadedFile>(
        uploaded !== null && typeof uploaded.id === 'string' && typeof uploaded.originalName === 'string',
        uploaded,
      );
    },
  };
}
