import { type TWawebPacing, WAWEB_MSG } from '@prosa/shared/waweb';
import type { TWawebState } from '@prosa/shared/waweb-states';
import type { WAMessage } from '@whiskeysockets/baileys';
import type { ILogger } from '@whiskeysockets/baileys/lib/Utils/logger';
import type { Db } from '../../platform/db';
import { usePostgresAuthState, type WawebAuth } from './auth-state';
import { baileys } from './baileys';
import { afterClose } from './disconnect';
import { fetchHistorySync, historyKept, historyNotificationOf, historyToKeep } from './history-sync';
import type { WawebEvent } from './inbound';
import type { SessionRef } from './leases';
import { wawebMediaUpload } from './media-upload';
import { askProfilePicture } from './profile-picture-query';
import { chatReports, createReconciler, isOnDemandSync, isRecentSync } from './reconcile';
import { createWawebSender } from './session-send';
import type { WawebOutgoing, WawebSendOutcome } from './session-types';
import { storedWawebMessage } from './stored-message';
import { isWrongNumber } from './wrong-number';

// One WhatsApp Web session on a channel server (issue 13): a Baileys socket with the channel's credentials from
// PostgreSQL, its connection states told to the holder (leases.ts records them), every message and delivery
// state handed over as inbox events (live, offline, the phone's history: history-sync.ts), the reconnections a
// close calls for (disconnect.ts), and one paced send queue (session-send.ts) whose files go up through
// media-upload.ts. A message WhatsApp asks for again is answered from memory, else from the database. After an
// absence, chats the phone reports beyond what we stored are asked for their missing messages (reconcile.ts); a
// phone other than the number's in its form is logged out (wrong-number.ts).

type WASocket = ReturnType<typeof baileys.makeWASocket>;

/**
 * Ends a socket. Baileys drops its error listeners before closing the WebSocket; a socket still connecting then
 * emits "closed before the connection was established" with no listener, an uncaught exception: one is kept.
 */
function endSocket(s: WASocket): void {
  s.end(undefined);
  s.ws.on('error', () => {});
}

export type WawebSessionHooks = {
  /** The session's state changed (with the QR to show while pairing, the error that closed it). */
  state(state: TWawebState, extra: { qr?: string | null; error?: string | null }): Promise<void>;
  /** Events to keep (the inbox): resolved once they are committed. */
  events(rows: { orderingKey: string; payload: WawebEvent }[]): Promise<void>;
  /**
   * A message of ours WhatsApp asks for again (a retry, a re-encryption request): its content, if stored.
   * Default: what this session sent lately, else the `messages` table (stored-message.ts).
   */
  getMessage?(ref: SessionRef, id: string): Promise<Record<string, unknown> | undefined>;
  log?: (msg: string, err?: unknown) => void;
};

export type WawebSessionOptions = {
  db: Db;
  appSecret: string;
  /** WhatsApp Web's address; tests point it at their local peer. */
  waWebSocketUrl?: string;
  /** Replaces `https://<media host>` for file uploads (WAWEB_MEDIA_URL); WhatsApp's hosts when absent. */
  mediaUploadUrl?: string;
  /** Replaces `https://mmg.whatsapp.net` for history downloads (WAWEB_MEDIA_URL); WhatsApp's host when absent. */
  mediaDownloadUrl?: string;
  /** How long each QR lives before the next ref is shown (Baileys: 60 s the first, 20 s the others). */
  qrTimeoutMs?: number;
};

export type WawebSession = {
  readonly state: TWawebState;
  /** The QR to scan while UNPAIRED, else null. */
  readonly qr: string | null;
  /** Sends a message in parts, paced like a person (never throws: a failure says how far it got). */
  send(m: WawebOutgoing, pacing: TWawebPacing): Promise<WawebSendOutcome>;
  /** Sends a text to a person's jid; answers WhatsApp's id of the message. */
  sendText(jid: string, text: string): Promise<{ id: string }>;
  /** Closes the socket and connects again (a new QR when not paired, as from UNPAIRED_IDLE). */
  restart(): Promise<void>;
  /** Closes the connection and stops reconnecting; the session stays paired. */
  stop(): Promise<void>;
  /** Logs the device out of the phone and forgets the credentials: the next start shows a QR. */
  logout(): Promise<void>;
  /** Where a person's profile picture is (WhatsApp's URL), or null when they have none or hide it from us. */
  profilePictureUrl(jid: string): Promise<string | null>;
};

/** Baileys logs through a pino-like object; ours says nothing (the hooks report what matters). */
const quiet: ILogger = {
  level: 'silent',
  child: () => quiet,
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

/** JSON as Baileys' own store writes it: buffers kept (BufferJSON), longs as objects. */
const toJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value, baileys.BufferJSON.replacer));

export function runWawebSession(
  opts: WawebSessionOptions,
  ref: SessionRef,
  hooks: WawebSessionHooks,
): WawebSession {
  let sock: WASocket | null = null;
  let auth: WawebAuth | null = null;
  let state: TWawebState = 'UNLAUNCHED';
  let qr: string | null = null;
  /** When this process saw the number linked (a QR scanned); null when it came paired already. */
  let pairedAt: number | null = null;
  let attempt = 0;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const setState = async (next: TWawebState, extra: { qr?: string | null; error?: string | null } = {}) => {
    state = next;
    if (extra.qr !== undefined || next !== 'UNPAIRED') qr = next === 'UNPAIRED' ? (extra.qr ?? null) : null;
    await hooks
      .state(next, extra)
      .catch((err: unknown) => hooks.log?.('estado da sessão não registrado', err));
  };

  // The messages this session handed over lately, by id: WhatsApp may ask for one again (a retry receipt) with
  // its files' keys, which the database does not keep.
  const recent = new Map<string, Record<string, unknown>>();
  const RECENT_MAX = 500;
  const sender = createWawebSender({
    socket: () => (state === 'CONNECTED' ? sock : null),
    upload: (stream, o) => {
      const s = sock;
      if (!s) return Promise.reject(new Error('Canal não está rodando'));
      return wawebMediaUpload({ refreshMediaConn: s.refreshMediaConn, baseUrl: opts.mediaUploadUrl })(
        stream,
        o,
      );
    },
    logger: quiet,
    sent: (id, message) => {
      recent.set(
        id,
        baileys.proto.Message.toObject(baileys.proto.Message.fromObject(message), { bytes: Buffer }),
      );
      if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value ?? '');
    },
  });
  const lookup = async (id: string) =>
    recent.get(id) ??
    (hooks.getMessage ? await hooks.getMessage(ref, id) : await storedWawebMessage(opts.db, ref, id));

  /** Messages to keep, through the inbox (live, offline, history): our own sends coming back are stored already. */
  const keep = (messages: WAMessage[], failure: string) => {
    const rows = messages.flatMap((m) =>
      m.key.remoteJid && !(m.key.fromMe && m.key.id && recent.has(m.key.id))
        ? [{ orderingKey: m.key.remoteJid, payload: { type: 'message' as const, message: toJson(m) } }]
        : [],
    );
    if (rows.length === 0) return Promise.resolve();
    return hooks.events(rows).catch((err: unknown) => hooks.log?.(failure, err));
  };

  // What the chats lack after an absence, asked of the phone on the live socket (reconcile.ts).
  const reconciler = createReconciler({
    db: opts.db,
    ref,
    request: (count, oldest, oldestAtMs) => {
      const s = state === 'CONNECTED' ? sock : null;
      if (!s) return Promise.reject(new Error('Canal não está rodando'));
      return s.fetchMessageHistory(count, oldest, oldestAtMs);
    },
    ...(hooks.log ? { log: hooks.log } : {}),
  });

  // Credentials are read from the database once; afterwards the copy in memory is the current one (a
  // reconnection right after pairing must not read them back before their save has committed), and saves go
  // one after another so an older one never lands last.
  let saving: Promise<void> = Promise.resolve();
  const connect = async () => {
    if (stopped) return;
    auth ??= await usePostgresAuthState(opts, ref);
    const current = auth;
    await setState('OPENING', { qr: null });
    const s = baileys.makeWASocket({
      auth: {
        creds: current.state.creds,
        keys: baileys.makeCacheableSignalKeyStore(current.state.keys, quiet),
      },
      logger: quiet,
      printQRInTerminal: false,
      browser: ['Prosa', 'Chrome', '1.0.0'],
      markOnlineOnConnect: false,
      syncFullHistory: false,
      // History is fetched here (history-sync.ts), from where the options say.
      shouldSyncHistoryMessage: () => false,
      ...(opts.waWebSocketUrl ? { waWebSocketUrl: opts.waWebSocketUrl } : {}),
      ...(opts.qrTimeoutMs ? { qrTimeout: opts.qrTimeoutMs } : {}),
      getMessage: async (key) => {
        if (!key.id) return undefined;
        const stored = await lookup(key.id).catch((err: unknown) => {
          hooks.log?.('mensagem pedida de novo não lida', err);
          return undefined;
        });
        return stored ? baileys.proto.Message.fromObject(stored) : undefined;
      },
    });
    sock = s;
    // Whether this connection showed a QR: its 408 then means the QR expired, else WhatsApp was out of reach.
    let qrShown = false;

    s.ev.on('creds.update', () => {
      // A session being forgotten saves nothing more: its credentials are cleared (logout, wrong number).
      if (auth !== current) return;
      saving = saving
        .then(() => current.saveCreds())
        .catch((err: unknown) => hooks.log?.('credenciais não gravadas', err));
    });

    s.ev.on('connection.update', (u) => {
      if (sock !== s) return;
      if (u.qr) {
        qrShown = true;
        void setState('UNPAIRED', { qr: u.qr });
      }
      // Just linked by QR: the history the phone sends now is its past (history-sync.ts).
      if (u.isNewLogin) pairedAt = Date.now();
      if (u.connection === 'open') {
        attempt = 0;
        // Paired by a phone other than the number's: forgotten before it counts as connected (wrong-number.ts).
        void isWrongNumber(opts.db, ref, current.state.creds.me?.id)
          .catch((err: unknown) => {
            hooks.log?.('número do aparelho não conferido', err);
            return false;
          })
          .then(async (wrong) => {
            if (sock !== s) return;
            if (!wrong) return setState('CONNECTED', { qr: null, error: null });
            stopped = true;
            sock = null;
            auth = null;
            await s.logout().catch(() => endSocket(s));
            await saving;
            await current.clear();
            await setState('UNPAIRED', { qr: null, error: WAWEB_MSG.wrongNumber });
          })
          .catch((err: unknown) => hooks.log?.('sessão de outro aparelho não esquecida', err));
      }
      if (u.connection === 'close') {
        sock = null;
        const err = u.lastDisconnect?.error as
          | { output?: { statusCode?: number }; message?: string }
          | undefined;
        const code = err?.output?.statusCode;
        if (stopped) return;
        const next = afterClose(code, { paired: Boolean(current.state.creds.me), attempt, qrShown });
        // WhatsApp out of reach is said in Portuguese, with the technical cause after it.
        const error =
          next.state === 'TIMEOUT' && err?.message
            ? `Não foi possível conectar ao WhatsApp (${err.message})`
            : (err?.message ?? null);
        if (next.action === 'reconnect') {
          attempt++;
          void setState(next.state, { error });
          retry = setTimeout(() => {
            retry = null;
            connect().catch((e: unknown) => hooks.log?.('reconexão falhou', e));
          }, next.delayMs);
        } else if (next.action === 'forget') {
          // The next start pairs anew: its credentials are read again (fresh ones).
          auth = null;
          void saving
            .then(() => current.clear())
            .then(() => setState(next.state, { qr: null, error }))
            .catch((e: unknown) => hooks.log?.('sessão não esquecida', e));
        } else {
          void setState(next.state, { qr: null, error });
        }
      }
    });

    s.ev.on('messages.upsert', ({ messages }) => {
      keep(messages, 'mensagens não guardadas');
      // The phone's recent history: fetched by us (Baileys' own download reaches only WhatsApp's host).
      for (const m of messages) {
        const n = historyNotificationOf(m);
        if (!n) continue;
        if (!historyKept(n.syncType)) continue;
        fetchHistorySync(n, { mediaDownloadUrl: opts.mediaDownloadUrl })
          .then(async (sync) => {
            // What the chats lack is judged against what we held before this history is kept (reconcile.ts).
            const reports = chatReports(sync);
            const gaps = isRecentSync(n.syncType) ? await reconciler.gaps(reports) : [];
            let history = historyToKeep(n.syncType, baileys.processHistoryMessage(sync).messages, pairedAt);
            if (isOnDemandSync(n.syncType)) history = await reconciler.answered(reports, history);
            await keep(history, 'histórico não guardado');
            await reconciler.ask(gaps);
          })
          .catch((err: unknown) => hooks.log?.('histórico não baixado', err));
      }
    });

    s.ev.on('messages.update', (updates) => {
      const rows = updates.flatMap((u) =>
        u.key.id && u.key.remoteJid && typeof u.update.status === 'number'
          ? [
              {
                orderingKey: u.key.remoteJid,
                payload: {
                  type: 'status' as const,
                  key: { id: u.key.id, remoteJid: u.key.remoteJid, fromMe: u.key.fromMe === true },
                  status: u.update.status,
                  at: Date.now(),
                },
              },
            ]
          : [],
      );
      if (rows.length > 0)
        hooks.events(rows).catch((err: unknown) => hooks.log?.('estados de entrega não guardados', err));
    });
  };

  connect().catch((err: unknown) => {
    hooks.log?.('sessão não iniciou', err);
    void setState('not-running', { error: err instanceof Error ? err.message : String(err) });
  });

  const close = () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    retry = null;
    const s = sock;
    sock = null;
    return s;
  };

  return {
    get state() {
      return state;
    },
    get qr() {
      return qr;
    },
    send: (m, pacing) => sender.send(m, pacing),
    async sendText(jid, text) {
      const out = await sender.send(
        { jid, text, files: [] },
        { min_interval_ms: 0, jitter_ms: 0, presence: false },
      );
      if (out.state === 'failed') throw new Error(out.error);
      const id = out.ids[out.ids.length - 1];
      if (!id) throw new Error('WhatsApp não devolveu o id da mensagem');
      return { id };
    },
    async restart() {
      if (retry) clearTimeout(retry);
      retry = null;
      const s = sock;
      sock = null;
      stopped = false;
      attempt = 0;
      if (s) endSocket(s);
      await connect();
    },
    async stop() {
      const s = close();
      if (s) endSocket(s);
      await setState('not-running', { qr: null });
    },
    async profilePictureUrl(jid) {
      const s = state === 'CONNECTED' ? sock : null;
      if (!s) throw new Error('Canal não está rodando');
      return askProfilePicture(s, jid);
    },
    async logout() {
      const s = close();
      const forgotten = auth ?? (await usePostgresAuthState(opts, ref));
      auth = null;
      if (s) await s.logout().catch(() => endSocket(s));
      await saving;
      await forgotten.clear();
      await setState('UNPAIRED', { qr: null });
    },
  };
}
