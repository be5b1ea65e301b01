import { OutboundError, type OutboundGuard } from '../../platform/outbound-url';

// Telegram Bot API calls (https://core.telegram.org/bots/api): POST {base}/bot<token>/<method> with a JSON or
// multipart body; every answer is {ok:true,result} or {ok:false,error_code,description,parameters}. Every call
// goes through the outbound-URL guard (TELEGRAM_API_URL may point elsewhere: a local Bot API server, a test peer).

export type BotApi = { base: string; token: string; outbound: OutboundGuard };

/** An answer with ok:false (or a body that is not the Bot API's). */
export class TelegramError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    /** Seconds to wait (429 Too Many Requests: parameters.retry_after). */
    readonly retryAfter: number | null,
  ) {
    super(`${status} ${description}`);
    this.name = 'TelegramError';
  }
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }
  get unauthorized(): boolean {
    return this.status === 401 || this.status === 404;
  }
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export const botBase = (base: string) => base.replace(/\/+$/, '');

/** One Bot API call; an ok:false answer throws a TelegramError, a network failure an OutboundError. */
export async function botCall<T>(
  api: BotApi,
  method: string,
  params: Record<string, unknown> | FormData = {},
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 15_000);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  const body =
    params instanceof FormData
      ? { body: params }
      : { body: JSON.stringify(params), headers: { 'Content-Type': 'application/json' } };
  const res = await api.outbound.fetch(`${botBase(api.base)}/bot${encodeURIComponent(api.token)}/${method}`, {
    method: 'POST',
    ...body,
    signal,
  });
  const text = await res.text().catch((err: unknown) => {
    throw new OutboundError(`resposta interrompida: ${err instanceof Error ? err.message : String(err)}`);
  });
  let parsed: Record<string, unknown>;
  try {
    parsed = obj(JSON.parse(text));
  } catch {
    throw new TelegramError(
      res.status >= 400 ? res.status : 502,
      `Resposta inválida (HTTP ${res.status})`,
      null,
    );
  }
  if (parsed.ok === true && res.ok) return parsed.result as T;
  const retry = obj(parsed.parameters).retry_after;
  throw new TelegramError(
    typeof parsed.error_code === 'number' ? parsed.error_code : res.ok ? 400 : res.status,
    typeof parsed.description === 'string' ? parsed.description : `HTTP ${res.status}`,
    typeof retry === 'number' ? retry : null,
  );
}

export type BotUser = { id: number; username?: string; first_name?: string };

export const getMe = (api: BotApi, timeoutMs = 15_000) => botCall<BotUser>(api, 'getMe', {}, { timeoutMs });

/** The bytes of a file the bot received: getFile, then {base}/file/bot<token>/<file_path>. */
export async function downloadBotFile(
  api: BotApi,
  fileId: string,
): Promise<{ data: Buffer; mimeType: string }> {
  const file = await botCall<{ file_path?: unknown }>(api, 'getFile', { file_id: fileId });
  if (typeof file.file_path !== 'string' || !file.file_path)
    throw new TelegramError(502, 'Arquivo sem file_path', null);
  const path = file.file_path.split('/').map(encodeURIComponent).join('/');
  const res = await api.outbound.fetch(
    `${botBase(api.base)}/file/bot${encodeURIComponent(api.token)}/${path}`,
    {
      signal: AbortSignal.timeout(60_000),
    },
  );
  if (!res.ok) throw new TelegramError(res.status, `Falha ao baixar arquivo (HTTP ${res.status})`, null);
  const data = await res.arrayBuffer().catch((err: unknown) => {
    throw new OutboundError(`arquivo interrompido: ${err instanceof Error ? err.message : String(err)}`);
  });
  return { data: Buffer.from(data), mimeType: res.headers.get('content-type') ?? 'application/octet-stream' };
}
