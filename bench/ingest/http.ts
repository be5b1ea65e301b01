import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';

// Enough sockets that an open-loop schedule is never held back by the client when the server is slow.
export const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

export type Answer = { status: number; body: string };

/**
 * One HTTP request that always settles: a network error or no answer within `timeoutMs` gives status 0
 * (counted, never awaited forever).
 */
export function send(
  target: URL,
  o: { method?: string; headers?: Record<string, string | number>; body?: Buffer; timeoutMs: number },
): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (a: Answer) => {
      if (!settled) {
        settled = true;
        resolve(a);
      }
    };
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: o.method ?? 'POST',
        headers: { ...(o.body ? { 'content-length': o.body.length } : {}), ...o.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', () => done({ status: 0, body: '' }));
      },
    );
    req.setTimeout(o.timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', () => done({ status: 0, body: '' }));
    req.end(o.body);
  });
}

/** A webhook body with its X-Hub-Signature-256, computed ahead so the sending loop only writes bytes. */
export type SignedWebhook = { raw: Buffer; signature: string };

export function signWebhook(appSecret: string, payload: unknown): SignedWebhook {
  const raw = Buffer.from(JSON.stringify(payload));
  return { raw, signature: `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}` };
}

export function postWebhook(target: URL, w: SignedWebhook, timeoutMs: number): Promise<number> {
  return send(target, {
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': w.signature },
    body: w.raw,
    timeoutMs,
  }).then((a) => a.status);
}

/** A JSON call to our API with a session cookie; throws on anything but 200 (setup steps only). */
export async function api<T>(base: string, path: string, cookie: string, body?: unknown): Promise<T> {
  const a = await send(new URL(`${base}${path}`), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)) }),
    timeoutMs: 60_000,
  });
  if (a.status !== 200) throw new Error(`${path}: ${a.status} ${a.body.slice(0, 500)}`);
  return JSON.parse(a.body) as T;
}
