import { ApiError, OFFLINE_MESSAGE } from './api-client';
import type { NewchatConfig } from './newchat-logic';
import type { VisitorSession } from './types';

/** NewChat's own calls (its config, start with the terms, queue, finish); the rest is the web chat visitor API. */
export type NewchatApi = {
  config(): Promise<NewchatConfig>;
  startVisitor(form: Record<string, string>, acceptedTerms: boolean): Promise<VisitorSession>;
  queue(token: string): Promise<number | null>;
  finish(token: string): Promise<{ message: string; protocol: string }>;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function createNewchatApi(
  base: string,
  code: string,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): NewchatApi {
  const codePath = encodeURIComponent(code);
  async function call(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers['x-visitor-token'] = init.token;
    let response: Response;
    try {
      response = await fetchImpl(base + path, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: 'omit',
      });
    } catch {
      throw new ApiError(0, OFFLINE_MESSAGE);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok)
      throw new ApiError(
        response.status,
        isObject(body) && typeof body.message === 'string' ? body.message : OFFLINE_MESSAGE,
      );
    if (!isObject(body)) throw new ApiError(500, 'Resposta inesperada do servidor.');
    return body;
  }
  return {
    async config() {
      return (await call(`/api/newchat/${codePath}/config`)) as NewchatConfig;
    },
    async startVisitor(form, acceptedTerms) {
      const v = await call(`/api/newchat/${codePath}/visitors`, {
        method: 'POST',
        body: { form, accepted_terms: acceptedTerms },
      });
      if (typeof v.token !== 'string') throw new ApiError(500, 'Resposta inesperada do servidor.');
      return v as VisitorSession;
    },
    async queue(token) {
      const v = await call('/api/newchat/visitor/queue', { token });
      return typeof v.position === 'number' ? v.position : null;
    },
    async finish(token) {
      const v = await call('/api/newchat/visitor/finish', { method: 'POST', token });
      return { message: String(v.message ?? ''), protocol: String(v.protocol ?? '') };
    },
  };
}
