import { ERROR_CODE } from '@prosa/shared/messages';
import { WAWEB_CONTROL_MSG } from '@prosa/shared/waweb';
import { AppError } from '../../platform/errors';
import { controlToken } from './control-token';

// Calls from one node to a channel server's control API (spec 2 §7). The URL is the one the server registered in
// `channel_servers` (our own nodes, on the internal network), not a user's: it is called directly, with the
// control token, and never through the outbound-URL guard (which would refuse private addresses).

export type ControlPath =
  | '/api/start'
  | '/api/refresh'
  | '/api/logout'
  | '/api/stop'
  | '/api/screenshot'
  | '/api/send'
  | '/api/profile-picture';

/** No answer from the holder (connection refused, timeout): `reached` says whether the request may have arrived. */
export class ControlUnreachable extends AppError {
  constructor(readonly reached: boolean) {
    super(ERROR_CODE.internal, WAWEB_CONTROL_MSG.unreachable, 502);
  }
}

/** POSTs a control call; an answer that is not 2xx is thrown as the AppError it carries (status and message). */
export async function callControl(
  server: { url: string; appSecret: string },
  path: ControlPath,
  body: unknown,
  opts: { timeoutMs?: number } = {},
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`${server.url.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${controlToken(server.appSecret)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
  } catch (err) {
    throw new ControlUnreachable(!refusedBeforeSending(err));
  }
  if (res.ok) return res;
  const answer = (await res.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
  throw new AppError(
    typeof answer.code === 'string' ? answer.code : ERROR_CODE.internal,
    typeof answer.message === 'string' ? answer.message : WAWEB_CONTROL_MSG.unreachable,
    res.status >= 500 ? 502 : res.status,
  );
}

/** A connection that was never made (refused, no route): the request did not reach the holder. */
function refusedBeforeSending(err: unknown): boolean {
  const cause = (err as { cause?: { code?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  return ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].includes(code);
}
