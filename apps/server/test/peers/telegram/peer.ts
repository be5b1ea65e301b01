import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PeerFile, type PeerUser, type TgUpdate, type UserMessage, userMessage } from './updates';

// A local Telegram Bot API on loopback (https://core.telegram.org/bots/api): {base}/bot<token>/<method> with
// parameters in the query, a JSON, urlencoded or multipart body; answers {ok:true,result} or
// {ok:false,error_code,description}. Its test side registers bots, makes users send them updates (delivered to
// the bot's webhook with X-Telegram-Bot-Api-Secret-Token, retried on non-2xx, or queued for getUpdates), hosts
// files and keeps what the bots sent.

export type SentFile = { field: string; name: string; mimeType: string; data: Buffer } | { ref: string };
export type PeerSent = {
  method: string;
  chatId: string;
  messageId: number;
  text?: string;
  caption?: string;
  replyTo?: number;
  file?: SentFile;
};

type Webhook = { url: string; secret: string | null; allowedUpdates: string[] | null };
type Waiter = { wake: () => void; conflict: () => void };

type Bot = {
  id: number;
  username: string;
  token: string;
  webhook: Webhook | null;
  queue: TgUpdate[];
  nextUpdateId: number;
  nextMessageId: Map<string, number>;
  poll: Waiter | null;
  delivering: Promise<void>;
};

export type TgError = { error_code: number; description: string; retry_after?: number };

export type TelegramPeer = {
  url: string;
  /** Registers a bot: its token (id:secret) and @username. */
  addBot(o: { id?: number; username: string }): { token: string; id: number; username: string };
  /** A user's message to a bot; the Update it made. */
  userSends(token: string, from: PeerUser, body: UserMessage): TgUpdate;
  /** Serves bytes as a Telegram file (getFile + /file/bot<token>/<path>); its file_id. */
  hostFile(data: Buffer, mimeType: string, ext: string): string;
  /** What bots sent, in order. */
  sent: PeerSent[];
  /** Every call received: method and token. */
  calls: { method: string; token: string }[];
  /** Webhook POSTs made: url, status answered (0: no answer). */
  deliveries: { url: string; status: number; updateId: number }[];
  webhookOf(token: string): Webhook | null;
  /** Updates still waiting for getUpdates (not yet confirmed by an offset). */
  pending(token: string): TgUpdate[];
  /** The next calls of `method` answer these errors, in order. */
  failNext(method: string, ...errors: TgError[]): void;
  /** The next call of `method` is read, then its connection is destroyed without an answer. */
  dropNext(method: string): void;
  /** Revokes a bot's token (its calls answer 401). */
  revoke(token: string): void;
  /**
   * Webhooks under `from` (the product's public https address) are delivered under `to` (where the test's
   * server listens), as a TLS-terminating proxy in front of the product would.
   */
  reroute(from: string, to: string): void;
  stop(): Promise<void>;
};

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const answer = (res: ServerResponse, status: number, body: unknown) => {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const fail = (res: ServerResponse, e: TgError) =>
  answer(res, e.error_code, {
    ok: false,
    error_code: e.error_code,
    description: e.description,
    ...(e.retry_after !== undefined ? { parameters: { retry_after: e.retry_after } } : {}),
  });

type Params = { fields: Record<string, string>; files: Record<string, SentFile & { data: Buffer }> };

/** The parameters of a call: query string, then JSON / urlencoded / multipart body. */
async function paramsOf(req: IncomingMessage, url: URL, raw: Buffer): Promise<Params> {
  const fields: Record<string, string> = Object.fromEntries(url.searchParams);
  const files: Params['files'] = {};
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { fields, files };
  if (type.includes('application/json')) {
    const v = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    for (const [k, x] of Object.entries(v)) fields[k] = typeof x === 'string' ? x : JSON.stringify(x);
  } else if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await new Request('http://peer/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: raw,
    }).formData();
    for (const [k, v] of form.entries()) {
      if (typeof v === 'string') fields[k] = v;
      else
        files[k] = {
          field: k,
          name: v.name,
          mimeType: v.type,
          data: Buffer.from(await v.arrayBuffer()),
        };
    }
  }
  return { fields, files };
}

/** `port`: a fixed one (a browser check of the screens); else any free port. */
export async function startTelegramPeer(opts: { port?: number } = {}): Promise<TelegramPeer> {
  const bots = new Map<string, Bot>();
  const files = new Map<string, PeerFile>();
  const sent: PeerSent[] = [];
  const calls: TelegramPeer['calls'] = [];
  const deliveries: TelegramPeer['deliveries'] = [];
  const failures = new Map<string, TgError[]>();
  const drops = new Map<string, number>();
  const revoked = new Set<string>();
  let stopped = false;
  let url = '';
  const routes: [string, string][] = [];
  const target = (hookUrl: string) => {
    for (const [from, to] of routes) if (hookUrl.startsWith(from)) return to + hookUrl.slice(from.length);
    return hookUrl;
  };

  const meOf = (b: Bot) => ({
    id: b.id,
    is_bot: true,
    first_name: b.username.replace(/_?bot$/i, '') || b.username,
    username: b.username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
  });

  const deliver = (b: Bot, update: TgUpdate) => {
    const hook = b.webhook;
    if (!hook) return;
    b.delivering = b.delivering.then(async () => {
      // Telegram retries a webhook until it gets a 2xx (here: a few times, quickly).
      for (let attempt = 0; attempt < 20 && !stopped; attempt++) {
        let status = 0;
        try {
          const r = await fetch(target(hook.url), {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(hook.secret ? { 'x-telegram-bot-api-secret-token': hook.secret } : {}),
            },
            body: JSON.stringify(update),
          });
          status = r.status;
          await r.arrayBuffer();
        } catch {
          status = 0;
        }
        deliveries.push({ url: hook.url, status, updateId: update.update_id });
        if (status >= 200 && status < 300) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    });
  };

  const nextMessageId = (b: Bot, chatId: string) => {
    const n = (b.nextMessageId.get(chatId) ?? 1000) + 1;
    b.nextMessageId.set(chatId, n);
    return n;
  };

  const botMessage = (b: Bot, chatId: string, id: number, extra: Record<string, unknown>) => ({
    message_id: id,
    from: { id: b.id, is_bot: true, first_name: meOf(b).first_name, username: b.username },
    chat: { id: Number(chatId), type: 'private' },
    date: Math.floor(Date.now() / 1000),
    ...extra,
  });

  async function getUpdates(b: Bot, p: Params['fields'], res: ServerResponse, req: IncomingMessage) {
    if (b.webhook)
      return fail(res, {
        error_code: 409,
        description:
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      });
    const offset = p.offset !== undefined ? Number(p.offset) : null;
    // An offset confirms every update before it: they are never given again.
    if (offset !== null && Number.isFinite(offset) && offset > 0)
      b.queue = b.queue.filter((u) => u.update_id >= offset);
    const limit = Math.min(100, Math.max(1, Number(p.limit ?? 100) || 100));
    const timeout = Math.min(50, Math.max(0, Number(p.timeout ?? 0) || 0));
    // Another poll of the same bot still waiting: it ends with a conflict.
    b.poll?.conflict();
    b.poll = null;
    if (b.queue.length === 0 && timeout > 0) {
      const outcome = await new Promise<'wake' | 'conflict' | 'timeout'>((resolve) => {
        const timer = setTimeout(() => resolve('timeout'), timeout * 1000);
        const waiter: Waiter = {
          wake: () => {
            clearTimeout(timer);
            resolve('wake');
          },
          conflict: () => {
            clearTimeout(timer);
            resolve('conflict');
          },
        };
        b.poll = waiter;
        req.socket.once('close', () => {
          clearTimeout(timer);
          if (b.poll === waiter) b.poll = null;
          resolve('timeout');
        });
      });
      if (outcome === 'conflict')
        return fail(res, {
          error_code: 409,
          description:
            'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
        });
    }
    b.poll = null;
    answer(res, 200, { ok: true, result: b.queue.slice(0, limit) });
  }

  function send(b: Bot, method: string, p: Params, res: ServerResponse) {
    const chatId = p.fields.chat_id;
    if (!chatId) return fail(res, { error_code: 400, description: 'Bad Request: chat_id is empty' });
    if (!/^-?\d+$/.test(chatId))
      return fail(res, { error_code: 400, description: 'Bad Request: chat not found' });
    const reply = p.fields.reply_parameters
      ? Number((JSON.parse(p.fields.reply_parameters) as { message_id?: number }).message_id)
      : p.fields.reply_to_message_id
        ? Number(p.fields.reply_to_message_id)
        : undefined;
    const field = { sendPhoto: 'photo', sendDocument: 'document', sendVoice: 'voice' }[method];
    let file: SentFile | undefined;
    if (field) {
      const up = p.files[field];
      const ref = p.fields[field];
      if (up) file = up;
      else if (ref) file = { ref };
      else
        return fail(res, {
          error_code: 400,
          description: `Bad Request: there is no ${field} in the request`,
        });
    }
    const text = p.fields.text;
    if (method === 'sendMessage') {
      if (!text) return fail(res, { error_code: 400, description: 'Bad Request: message text is empty' });
      if (text.length > 4096)
        return fail(res, { error_code: 400, description: 'Bad Request: message is too long' });
    }
    if (p.fields.caption && p.fields.caption.length > 1024)
      return fail(res, { error_code: 400, description: 'Bad Request: message caption is too long' });
    const id = nextMessageId(b, chatId);
    sent.push({
      method,
      chatId,
      messageId: id,
      ...(text !== undefined ? { text } : {}),
      ...(p.fields.caption ? { caption: p.fields.caption } : {}),
      ...(reply ? { replyTo: reply } : {}),
      ...(file ? { file } : {}),
    });
    const extra: Record<string, unknown> = text !== undefined ? { text } : {};
    if (field && file) {
      const fileId = 'data' in file ? hostFile(file.data, file.mimeType, 'bin') : file.ref;
      extra[field] = field === 'photo' ? [{ file_id: fileId, width: 90, height: 90 }] : { file_id: fileId };
      if (p.fields.caption) extra.caption = p.fields.caption;
    }
    answer(res, 200, { ok: true, result: botMessage(b, chatId, id, extra) });
  }

  function hostFile(data: Buffer, mimeType: string, ext: string): string {
    const fileId = `AgAC${randomBytes(12).toString('base64url')}`;
    const dir = mimeType.startsWith('image/')
      ? 'photos'
      : mimeType.startsWith('audio/')
        ? 'voice'
        : mimeType.startsWith('video/')
          ? 'videos'
          : 'documents';
    files.set(fileId, {
      fileId,
      uniqueId: `u${fileId.slice(-10)}`,
      path: `${dir}/file_${files.size}.${ext}`,
      data,
      mimeType,
    });
    return fileId;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? '/', 'http://peer');
    const raw = await readBody(req);
    const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(u.pathname);
    if (download) {
      const b = bots.get(decodeURIComponent(download[1] ?? ''));
      const f = [...files.values()].find((x) => x.path === download[2]);
      if (!b || revoked.has(b.token) || !f) return fail(res, { error_code: 404, description: 'Not Found' });
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': f.data.length });
      return res.end(f.data);
    }
    const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(u.pathname);
    if (!m) return fail(res, { error_code: 404, description: 'Not Found' });
    const token = decodeURIComponent(m[1] ?? '');
    const method = m[2] ?? '';
    calls.push({ method, token });
    const b = bots.get(token);
    if (!b || revoked.has(token)) return fail(res, { error_code: 401, description: 'Unauthorized' });
    const dropping = drops.get(method) ?? 0;
    if (dropping > 0) {
      drops.set(method, dropping - 1);
      return req.socket.destroy();
    }
    const injected = failures.get(method)?.shift();
    if (injected) return fail(res, injected);
    let p: Params;
    try {
      p = await paramsOf(req, u, raw);
    } catch {
      return fail(res, { error_code: 400, description: "Bad Request: can't parse request body" });
    }
    const ok = (result: unknown) => answer(res, 200, { ok: true, result });
    switch (method) {
      case 'getMe':
        return ok(meOf(b));
      case 'setWebhook': {
        if (!p.fields.url) {
          b.webhook = null;
          return ok(true);
        }
        if (!/^https?:\/\//.test(p.fields.url))
          return fail(res, { error_code: 400, description: 'Bad Request: bad webhook: invalid URL' });
        const secret = p.fields.secret_token ?? null;
        if (secret !== null && !/^[A-Za-z0-9_-]{1,256}$/.test(secret))
          return fail(res, {
            error_code: 400,
            description: 'Bad Request: secret token contains unallowed characters',
          });
        b.webhook = {
          url: p.fields.url,
          secret,
          allowedUpdates: p.fields.allowed_updates
            ? (JSON.parse(p.fields.allowed_updates) as string[])
            : null,
        };
        if (p.fields.drop_pending_updates === 'true') b.queue = [];
        b.poll?.conflict();
        // Updates queued while there was no webhook go there now.
        const queued = b.queue;
        b.queue = [];
        for (const up of queued) deliver(b, up);
        return ok(true);
      }
      case 'deleteWebhook':
        b.webhook = null;
        if (p.fields.drop_pending_updates === 'true') b.queue = [];
        return ok(true);
      case 'getWebhookInfo':
        return ok({
          url: b.webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: b.queue.length,
          ...(b.webhook?.allowedUpdates ? { allowed_updates: b.webhook.allowedUpdates } : {}),
        });
      case 'getUpdates':
        return getUpdates(b, p.fields, res, req);
      case 'sendMessage':
      case 'sendPhoto':
      case 'sendDocument':
      case 'sendVoice':
        return send(b, method, p, res);
      case 'sendChatAction':
        return ok(true);
      case 'getFile': {
        const f = files.get(p.fields.file_id ?? '');
        if (!f) return fail(res, { error_code: 400, description: 'Bad Request: invalid file_id' });
        return ok({
          file_id: f.fileId,
          file_unique_id: f.uniqueId,
          file_size: f.data.length,
          file_path: f.path,
        });
      }
      default:
        return fail(res, { error_code: 404, description: 'Not Found: method not found' });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      answer(res, 500, { ok: false, error_code: 500, description: `Internal Server Error: ${String(err)}` });
    });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    sent,
    calls,
    deliveries,
    addBot(o) {
      const id = o.id ?? 100_000_000 + Math.floor(Math.random() * 800_000_000);
      const token = `${id}:AAH${randomBytes(24).toString('base64url')}`;
      bots.set(token, {
        id,
        username: o.username,
        token,
        webhook: null,
        queue: [],
        nextUpdateId: 500_000_000 + Math.floor(Math.random() * 1000),
        nextMessageId: new Map(),
        poll: null,
        delivering: Promise.resolve(),
      });
      return { token, id, username: o.username };
    },
    userSends(token, from, body) {
      const b = bots.get(token);
      if (!b) throw new Error('bot desconhecido');
      const update: TgUpdate = {
        update_id: b.nextUpdateId++,
        message: userMessage(from, nextMessageId(b, String(from.id)), body),
      };
      if (b.webhook) deliver(b, update);
      else {
        b.queue.push(update);
        b.poll?.wake();
      }
      return update;
    },
    hostFile,
    webhookOf: (token) => bots.get(token)?.webhook ?? null,
    pending: (token) => [...(bots.get(token)?.queue ?? [])],
    failNext(method, ...errors) {
      failures.set(method, [...(failures.get(method) ?? []), ...errors]);
    },
    dropNext(method) {
      drops.set(method, (drops.get(method) ?? 0) + 1);
    },
    revoke(token) {
      revoked.add(token);
    },
    reroute(from, to) {
      routes.push([from.replace(/\/+$/, ''), to.replace(/\/+$/, '')]);
    },
    async stop() {
      stopped = true;
      for (const b of bots.values()) b.poll?.conflict();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
