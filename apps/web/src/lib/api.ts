import { MSG } from '@prosa/shared/messages';
import type { z } from '@prosa/shared/zod';
import type * as ResponseSchemas from './response-schemas';

/** An error answered by the server ({ code, message }) or a failure to reach it (code NETWORK). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** True when the message came from the server, so it must win over a screen's default text. */
  readonly fromServer: boolean;
  /** The whole error body (e.g. the id of the record a conflict points to). */
  readonly body: Record<string, unknown>;

  constructor(opts: {
    status: number;
    code: string;
    message: string;
    fromServer: boolean;
    body?: Record<string, unknown>;
  }) {
    super(opts.message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code;
    this.fromServer = opts.fromServer;
    this.body = opts.body ?? {};
  }
}

export const NETWORK_ERROR = 'NETWORK';
export const TIMEOUT_ERROR = 'TIMEOUT';
/** Spec 1 §9: queue, login, logout, internal messenger and breakdown calls give up after 5 s. */
export const SHORT_CALL_TIMEOUT_MS = 5_000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The schemas of the calls the chat makes on its first load (lib/response-schemas.ts). */
export type TResponseSchemas = typeof ResponseSchemas;

type RequestOptions<S extends z.ZodType> = {
  method?: Method;
  body?: unknown;
  /** The answer's schema, or a pick from TResponseSchemas: zod then loads with the request, not with the page. */
  schema: S | ((schemas: TResponseSchemas) => S);
  /** Gives up after this many milliseconds (code TIMEOUT; the screen shows its own error text). */
  timeoutMs?: number;
};

let responseSchemas: Promise<TResponseSchemas> | null = null;

// One chunk holds zod and those schemas; a failed download is tried again by the next call.
function loadResponseSchemas(): Promise<TResponseSchemas> {
  responseSchemas ??= import('./response-schemas').catch((error: unknown) => {
    responseSchemas = null;
    throw error;
  });
  return responseSchemas;
}

let onUnauthenticated: (() => void) | null = null;

/** Called when a logged-in call answers 401: the session ended on the server (expired or revoked). */
export function setUnauthenticatedHandler(handler: (() => void) | null) {
  onUnauthenticated = handler;
}

/** Same-origin JSON call; the session travels in the httpOnly cookie. The answer is checked by `schema`. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  { method = 'GET', body, schema, timeoutMs }: RequestOptions<S>,
): Promise<z.infer<S>> {
  // Started before the fetch so the schemas' chunk downloads while the server answers.
  const schemas = typeof schema === 'function' ? loadResponseSchemas() : null;
  // Without this a failed download would be an unhandled rejection when the request fails first.
  schemas?.catch(() => undefined);
  let response: Response;
  try {
    // Uploads go as multipart (the browser sets the boundary); everything else as JSON.
    const isForm = body instanceof FormData;
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined || isForm
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError({
      status: 0,
      code: timedOut ? TIMEOUT_ERROR : NETWORK_ERROR,
      message: MSG.genericError,
      fromServer: false,
    });
  }

  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = toApiError(response.status, payload);
    if (response.status === 401 && error.code === 'UNAUTHENTICATED' && !path.startsWith('/api/auth/me')) {
      onUnauthenticated?.();
    }
    throw error;
  }
  let check: S;
  if (typeof schema === 'function') {
    let loaded: TResponseSchemas;
    try {
      loaded = await (schemas ?? loadResponseSchemas());
    } catch {
      throw new ApiError({ status: 0, code: NETWORK_ERROR, message: MSG.genericError, fromServer: false });
    }
    check = schema(loaded);
  } else {
    check = schema;
  }
  const parsed = check.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'BAD_RESPONSE',
      message: MSG.badResponse,
      fromServer: false,
    });
  }
  return parsed.data;
}

function toApiError(status: number, payload: unknown): ApiError {
  if (payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string') {
    const code = 'code' in payload && typeof payload.code === 'string' ? payload.code : `HTTP_${status}`;
    return new ApiError({
      status,
      code,
      message: payload.message,
      fromServer: true,
      body: payload as Record<string, unknown>,
    });
  }
  return new ApiError({ status, code: `HTTP_${status}`, message: MSG.genericError, fromServer: false });
}

/** The text to show for an error: the server's message when there is one, else the screen's default. */
export function errorMessage(error: unknown, fallback?: string): string | undefined {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return fallback;
}
