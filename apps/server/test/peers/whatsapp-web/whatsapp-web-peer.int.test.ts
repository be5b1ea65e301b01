import makeWASocket, {
  type AuthenticationState,
  type ConnectionState,
  DisconnectReason,
  initAuthCreds,
  type WAMessage,
  type WASocket,
} from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWhatsAppWebPeer, type WhatsAppWebPeer } from './index';
import { memoryKeys } from './phone';

// The real Baileys client against the fake WhatsApp Web peer: pairing by QR, then (as each works) messages
// both ways, reconnects with offline delivery, and logout. The cases run in order on one paired companion,
// as a real account would live.

/** Baileys' auth state kept in memory: fresh creds plus a Map-backed Signal key store. */
function memoryAuth(): AuthenticationState {
  return { creds: initAuthCreds(), keys: memoryKeys() };
}

/** A pino-compatible logger that says nothing (WAWEB_PEER_DEBUG=1 prints Baileys' warnings and errors). */
const silent = {
  level: 'silent',
  child: () => silent,
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: (...a: unknown[]) => process.env.WAWEB_PEER_DEBUG && console.warn('[baileys]', ...a),
  error: (...a: unknown[]) => process.env.WAWEB_PEER_DEBUG && console.error('[baileys]', ...a),
};

/** Waits until `check` returns something truthy. */
async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The companion as an app would run it: one Baileys socket at a time, recreated when WhatsApp asks for a
 * restart (515), and everything it emits recorded for the assertions.
 */
class Companion {
  readonly auth = memoryAuth();
  sock?: WASocket;
  qrs: string[] = [];
  state: Partial<ConnectionState> = {};
  closes: number[] = [];
  upserts: WAMessage[] = [];
  /** 'notify' for live messages, 'append' for those the server delivered as offline ones. */
  upsertTypes = new Map<string, string>();

  constructor(private readonly url: string) {}

  connect() {
    const sock = makeWASocket({
      waWebSocketUrl: this.url,
      auth: this.auth,
      printQRInTerminal: false,
      logger: silent,
      browser: ['Prosa', 'Chrome', '1.0'],
      markOnlineOnConnect: false,
      syncFullHistory: false,
    });
    this.sock = sock;
    this.state = {};
    sock.ev.on('connection.update', (update) => {
      Object.assign(this.state, update);
      if (update.qr) this.qrs.push(update.qr);
      if (update.connection === 'close') {
        // Baileys closes with a Boom error whose output carries the status code.
        const error = update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined;
        const code = error?.output?.statusCode ?? 0;
        this.closes.push(code);
        if (code === DisconnectReason.restartRequired) this.connect();
      }
    });
    sock.ev.on('messages.upsert', ({ messages, type }) => {
      this.upserts.push(...messages);
      for (const m of messages) if (m.key.id) this.upsertTypes.set(m.key.id, type);
    });
    return sock;
  }

  end() {
    this.sock?.end(undefined);
  }
}

describe('fake WhatsApp Web peer with the real Baileys client', () => {
  let peer: WhatsAppWebPeer;
  let phone: Companion;

  beforeAll(async () => {
    peer = await startWhatsAppWebPeer();
    phone = new Companion(peer.url);
  });

  afterAll(async () => {
    phone?.end();
    await peer?.stop();
  });

  it('pairs by QR: handshake, pair-device, scan, restart 515, login → open', async () => {
    phone.connect();
    const qr = await until('a QR code', () => phone.qrs[0]);
    expect(qr.split(',')).toHaveLength(4);
    await peer.scan(qr);
    await until('restart required', () => phone.closes.includes(DisconnectReason.restartRequired));
    await until('connection open', () => phone.state.connection === 'open');
    expect(phone.auth.creds.me?.id).toBe(peer.paired?.jid);
    // Baileys kept the phone's signed identity and took the lid the server announced in `success`.
    expect(phone.auth.creds.account?.accountSignatureKey).toBeTruthy();
    expect(phone.auth.creds.me?.lid).toBe(peer.paired?.lid);
    // The phone shared its app-state key and the server closed the offline batch (`ib offline`).
    await until('pending notifications', () => phone.state.receivedPendingNotifications);
    expect(phone.auth.creds.myAppStateKeyId).toBeTruthy();
  });

  it('receives a text: pkmsg from a contact → messages.upsert, acked and receipted', async () => {
    const id = await peer.sendText({ from: '5511999990000', text: 'oi' });
    const msg = await until('the upsert', () => phone.upserts.find((m) => m.key.id === id));
    expect(msg.key.remoteJid).toBe('5511999990000@s.whatsapp.net');
    expect(msg.key.fromMe).toBe(false);
    expect(msg.message?.conversation).toBe('oi');
    expect(phone.upsertTypes.get(id)).toBe('notify'); // delivered live, not as an offline message
    // Baileys acked the message and sent a delivery receipt to the sender.
    const stanzas = peer.stanzas();
    expect(stanzas.some((s) => s.tag === 'receipt' && s.attrs.id === id)).toBe(true);
    // A second message continues the same Signal session.
    const id2 = await peer.sendText({ from: '5511999990000', text: 'tudo bem?' });
    const msg2 = await until('the second upsert', () => phone.upserts.find((m) => m.key.id === id2));
    expect(msg2.message?.conversation).toBe('tudo bem?');
    expect(peer.pending()).toBe(0);
  });

  it('sends a text: usync lookup, pre-key fetch, Signal-encrypted to the contact device', async () => {
    const sock = phone.sock as WASocket;
    // To the contact that wrote before: Baileys reuses the Signal session that its pkmsg started.
    const sent = await sock.sendMessage('5511999990000@s.whatsapp.net', { text: 'olá' });
    const got = await until('the peer to receive it', () =>
      peer.received().find((m) => m.id === sent?.key.id),
    );
    expect(got).toMatchObject({ to: '5511999990000@s.whatsapp.net', text: 'olá' });
    expect(peer.stanzas().some((s) => s.tag === 'iq' && s.attrs.xmlns === 'usync')).toBe(true);

    // To a number it never talked to: Baileys fetches that device's pre-keys and starts with a pkmsg.
    const first = await sock.sendMessage('5511977770000@s.whatsapp.net', { text: 'bom dia' });
    const got2 = await until('the new contact to receive it', () =>
      peer.received().find((m) => m.id === first?.key.id),
    );
    expect(got2).toMatchObject({ to: '5511977770000@s.whatsapp.net', text: 'bom dia' });
    const fetches = peer
      .stanzas()
      .filter((s) => s.tag === 'iq' && s.attrs.xmlns === 'encrypt' && s.attrs.type === 'get');
    expect(fetches.some((s) => JSON.stringify(s.content).includes('5511977770000@s.whatsapp.net'))).toBe(
      true,
    );
  });

  it('delivers what arrived while disconnected exactly once, as offline messages after the next login', async () => {
    const closesBefore = phone.closes.length;
    await peer.drop();
    await until('the close', () => phone.closes.length > closesBefore);
    expect(phone.closes.at(-1)).toBe(DisconnectReason.connectionClosed);

    const ids = [
      await peer.sendText({ from: '5511999990000', text: 'você está aí?' }),
      await peer.sendText({ from: '5511966660000', text: 'primeira mensagem' }),
    ];
    expect(peer.pending()).toBe(2);

    phone.connect();
    await until('connection open', () => phone.state.connection === 'open');
    await until('pending notifications', () => phone.state.receivedPendingNotifications);
    await until('both offline messages', () => ids.every((id) => phone.upserts.some((m) => m.key.id === id)));
    for (const id of ids) expect(phone.upserts.filter((m) => m.key.id === id)).toHaveLength(1);
    const texts = ids.map((id) => phone.upserts.find((m) => m.key.id === id)?.message?.conversation);
    expect(texts).toEqual(['você está aí?', 'primeira mensagem']);
    expect(peer.pending()).toBe(0);
    // The server marked them as offline deliveries (Baileys upserts those as 'append'), and Baileys acked each.
    expect(ids.map((id) => phone.upsertTypes.get(id))).toEqual(['append', 'append']);
    const acked = peer.stanzas().filter((s) => s.tag === 'ack' && ids.includes(s.attrs.id as string));
    expect(acked).toHaveLength(2);

    // A stream:error code closes it with that status too.
    const closes = phone.closes.length;
    await peer.drop(DisconnectReason.unavailableService);
    await until('the close', () => phone.closes.length > closes);
    expect(phone.closes.at(-1)).toBe(DisconnectReason.unavailableService);
    phone.connect();
    await until('connection open', () => phone.state.connection === 'open');
  });

  it('logout: the phone removes the device → connection close 401, and it cannot log in again', async () => {
    await until('online', () => phone.state.receivedPendingNotifications);
    const closes = phone.closes.length;
    await peer.logout();
    await until('the close', () => phone.closes.length > closes);
    expect(phone.closes.at(-1)).toBe(DisconnectReason.loggedOut);

    phone.connect();
    await until('the refused login', () => phone.closes.length > closes + 1);
    expect(phone.closes.at(-1)).toBe(DisconnectReason.loggedOut);
  });
});
