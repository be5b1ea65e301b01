import { MSG } from '@prosa/shared/messages';
import type { z } from '@prosa/shared/zod';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type RequestOptions<S extends z.ZodType> = {
  method?: Method;
  body?: unknown;
  schema: S;
};

let onUnauthenticated: (() => void) | null = null;

/** Called when a logged-in call answers 401: the session ended on the server (expired or revoked). */
export function setUnauthenticatedHandler(handler: (() => void) | null) {
  onUnauthenticated = handler;
}

/** Same-origin JSON call; the session travels in the httpOnly cookie. The answer is checked by `schema`. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  { method = 'GET', body, schema }: RequestOptions<S>,
): Promise<z.infer<S>> {
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
    });
  } catch {
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message: MSG.genericError, fromServer: false });
  }

  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = toApiError(response.status, payload);
    if (response.status === 401 && error.code === 'UNAUTHENTICATED' && !path.startsWith('/api/auth/me')) {
      onUnauthenticated?.();
    }
    throw error;
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'BAD_RESPONSE',
      message: MSG.genericError,
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
