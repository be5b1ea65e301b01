import type { AddressInfo } from 'node:net';
import {
  type BinaryNode,
  Curve,
  decodeBinaryNode,
  encodeBinaryNode,
  getBinaryNodeChild,
  getBinaryNodeChildren,
  jidEncode,
  proto,
  S_WHATSAPP_NET,
} from '@whiskeysockets/baileys';
import { type WebSocket, WebSocketServer } from 'ws';
import { FrameReader, frame, type KeyPair, makeCertChain, NoiseServer } from './noise';
import { parseQr, signDeviceIdentity } from './pairing';

// The WhatsApp side of one account: a WebSocket endpoint that completes the Noise handshake, pairs a new
// companion by QR, logs it in, answers the IQs Baileys sends on login, and keeps what the companion
// uploads (its Signal pre-keys) so a fake phone can message it.

const debug = process.env.WAWEB_PEER_DEBUG
  ? (...a: unknown[]) => console.log('[waweb-peer]', ...a)
  : () => {};

/** What the companion published: its Signal identity and pre-keys, as Baileys sent them. */
export type CompanionKeys = {
  registrationId: number;
  identityKey: Buffer;
  signedPreKey: { keyId: number; publicKey: Buffer; signature: Buffer };
  preKeys: Map<number, Buffer>;
};

export type Paired = { jid: string; user: string; device: number; lid: string };

/** One live WebSocket from Baileys, with its Noise state. */
export class Connection {
  readonly reader = new FrameReader();
  noise?: NoiseServer;
  payload?: proto.ClientPayload;
  refs: string[] = [];
  loggedIn = false;
  /** True once `ib offline` was sent: new messages go out live, not as offline ones. */
  online = false;
  /** How many stanzas were delivered as offline ones in this login. */
  offlineCount = 0;
  private waiters = new Map<string, (node: BinaryNode) => void>();

  constructor(readonly ws: WebSocket) {}

  async send(node: BinaryNode) {
    if (!this.noise?.finished) throw new Error('handshake not finished');
    debug('send', node.tag, node.attrs, Array.isArray(node.content) ? node.content.map((c) => c.tag) : '');
    const data = frame(this.noise.encrypt(encodeBinaryNode(node)));
    await new Promise<void>((done, fail) => this.ws.send(data, (err) => (err ? fail(err) : done())));
  }

  /** Sends an IQ (or a message) and waits for the reply (or the ack) with the same id. */
  async query(node: BinaryNode, timeoutMs = 10_000): Promise<BinaryNode> {
    const id = node.attrs.id as string;
    const reply = new Promise<BinaryNode>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply to ${id}`)), timeoutMs);
      this.waiters.set(id, (n) => {
        clearTimeout(timer);
        resolve(n);
      });
    });
    await this.send(node);
    return reply;
  }

  /** Resolves a pending query; true when the node was such a reply. */
  settle(node: BinaryNode) {
    const waiter = this.waiters.get(node.attrs.id ?? '');
    if (!waiter || (node.tag !== 'iq' && !(node.tag === 'ack' && node.attrs.class === 'message')))
      return false;
    this.waiters.delete(node.attrs.id as string);
    waiter(node);
    return true;
  }
}

let idSeq = 0;
const nextId = (prefix = 'srv') => `${prefix}.${Date.now()}.${++idSeq}`;

export type PeerHooks = {
  /** Called with every stanza Baileys sends after the handshake, replies included. */
  record?: (node: BinaryNode) => void;
  /** Called with every stanza Baileys sends that is not a reply the server waits for. */
  onStanza?: (node: BinaryNode, conn: Connection) => Promise<BinaryNode | undefined> | BinaryNode | undefined;
  /** Called right after `success`, before `ib offline`: the place to deliver queued messages. */
  afterLogin?: (conn: Connection) => Promise<void>;
  /** Called once `ib offline` was sent: the companion is fully online. */
  online?: (conn: Connection) => void;
};

/** How long after the handshake the first frame waits (see onData): a network's distance, and then some. */
const HANDSHAKE_GAP_MS = 300;

export class WhatsAppWebServer {
  readonly serverStatic = Curve.generateKeyPair() as KeyPair;
  private readonly certChain = makeCertChain(this.serverStatic);
  private wss?: WebSocketServer;
  private connections = new Set<Connection>();
  /** The fake phone's account key: it signs each companion it adds. */
  readonly accountKey = Curve.generateKeyPair() as KeyPair;
  paired?: Paired;
  keys?: CompanionKeys;
  /** The registration data the companion sent while pairing (its identity and first signed pre-key). */
  pairingData?: proto.ClientPayload.IDevicePairingRegistrationData;
  removed = false;
  hooks: PeerHooks = {};
  url = '';
  /** How many QR refs a new companion is offered (WhatsApp: 6); when they run out unread, Baileys gives up (408). */
  refCount = 6;

  constructor(readonly phoneNumber: string) {}

  async start() {
    this.wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/ws/chat' });
    await new Promise<void>((done) => this.wss?.once('listening', done));
    const { port } = this.wss.address() as AddressInfo;
    this.url = `ws://127.0.0.1:${port}/ws/chat`;
    this.wss.on('connection', (ws) => {
      const conn = new Connection(ws);
      this.connections.add(conn);
      ws.on('close', () => this.connections.delete(conn));
      // Frames are handled one at a time, in order, like the real server's stream.
      let chain = Promise.resolve();
      ws.on('message', (data: Buffer) => {
        chain = chain
          .then(() => this.onData(conn, data))
          .catch((err) => {
            debug('error', err);
            ws.terminate();
          });
      });
    });
  }

  async stop() {
    for (const c of this.connections) c.ws.terminate();
    await new Promise<void>((done) => this.wss?.close(() => done()));
  }

  /** The logged-in connection, if Baileys is connected now. */
  live(): Connection | undefined {
    for (const c of this.connections) if (c.loggedIn && c.ws.readyState === c.ws.OPEN) return c;
    return undefined;
  }

  /** Waits until a connection is logged in (used by the phone to deliver). */
  async waitLive(timeoutMs = 15_000): Promise<Connection> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const c = this.live();
      if (c) return c;
      if (Date.now() > deadline) throw new Error('Baileys did not log in');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private async onData(conn: Connection, data: Buffer) {
    const { intro, frames } = conn.reader.push(data);
    for (const f of frames) {
      if (!conn.noise) {
        // First frame: HandshakeMessage.clientHello with the client's ephemeral key.
        const hello = proto.HandshakeMessage.decode(f).clientHello;
        if (!hello?.ephemeral || !intro) throw new Error('expected clientHello');
        conn.noise = new NoiseServer(this.serverStatic, intro);
        conn.ws.send(frame(conn.noise.serverHello(hello.ephemeral, this.certChain)));
      } else if (!conn.noise.finished) {
        const { payload } = conn.noise.clientFinish(f);
        conn.payload = payload;
        // Baileys does not await its own switch to transport keys (`noise.finishInit()` is async and not
        // awaited in validateConnection): a frame that arrives before that switch is taken as a handshake
        // frame and dropped, and every later frame then fails to decrypt. A real server is a network away;
        // we wait to be as far — generously, as a loaded machine (the whole suite on two cores) runs Baileys'
        // switch late.
        await new Promise((r) => setTimeout(r, HANDSHAKE_GAP_MS));
        await this.afterHandshake(conn, payload);
      } else {
        const node = await decodeBinaryNode(conn.noise.decrypt(f));
        debug(
          'recv',
          node.tag,
          node.attrs,
          Array.isArray(node.content) ? node.content.map((c) => c.tag) : '',
        );
        await this.onNode(conn, node);
      }
    }
  }

  private async afterHandshake(conn: Connection, payload: proto.ClientPayload) {
    if (payload.devicePairingData) {
      // A new companion: keep its registration data and offer refs for the QR code.
      this.pairingData = payload.devicePairingData;
      conn.refs = Array.from({ length: this.refCount }, (_, i) => `2@fakeref${Date.now()}${i}`);
      await conn.send({
        tag: 'iq',
        attrs: { from: S_WHATSAPP_NET, type: 'set', id: nextId('pair'), xmlns: 'md' },
        content: [
          {
            tag: 'pair-device',
            attrs: {},
            content: conn.refs.map((ref) => ({ tag: 'ref', attrs: {}, content: Buffer.from(ref) })),
          },
        ],
      });
      return;
    }
    // A returning companion logs in with its user and device number.
    const user = String(payload.username);
    const device = payload.device ?? 0;
    if (this.removed || !this.paired || this.paired.user !== user || this.paired.device !== device) {
      // The account no longer knows this device: what WhatsApp says to a logged-out companion.
      await conn.send({ tag: 'failure', attrs: { reason: '401', location: 'fake' } });
      conn.ws.close();
      return;
    }
    await conn.send({
      tag: 'success',
      attrs: {
        t: String(Math.floor(Date.now() / 1000)),
        props: '1',
        abprops: '1',
        location: 'fake',
        lid: this.paired.lid,
        creation: String(Math.floor(Date.now() / 1000)),
      },
    });
    conn.loggedIn = true;
    // The rest waits for replies from Baileys, so it must not hold up the frame loop that reads them.
    this.finishLogin(conn).catch((err) => debug('login', err));
  }

  private async finishLogin(conn: Connection) {
    // Messages can only be encrypted to the companion once it has uploaded its pre-keys (right after its
    // first `success`).
    while (!this.keys) {
      if (conn.ws.readyState !== conn.ws.OPEN) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    await this.hooks.afterLogin?.(conn);
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    await conn.send({
      tag: 'ib',
      attrs: { from: S_WHATSAPP_NET },
      content: [{ tag: 'offline', attrs: { count: String(conn.offlineCount) } }],
    });
    conn.online = true;
    this.hooks.online?.(conn);
  }

  /**
   * Hands out the companion's pre-key bundle for a new sender, taking one of its one-time pre-keys away as
   * the real server does (each may start only one session).
   */
  takeCompanionBundle() {
    if (!this.keys) throw new Error('the companion has not uploaded its pre-keys');
    const first = this.keys.preKeys.entries().next();
    let preKey: { keyId: number; publicKey: Buffer } | undefined;
    if (!first.done) {
      const [keyId, publicKey] = first.value;
      this.keys.preKeys.delete(keyId);
      preKey = { keyId, publicKey };
    }
    return {
      registrationId: this.keys.registrationId,
      identityKey: this.keys.identityKey,
      signedPreKey: this.keys.signedPreKey,
      preKey,
    };
  }

  /** The phone scanned `qr`: send `pair-success`, wait for the companion's signature, then ask it to restart. */
  async scan(qr: string) {
    const parsed = parseQr(qr);
    const conn = [...this.connections].find((c) => c.refs.includes(parsed.ref));
    if (!conn) throw new Error(`no connection shows the QR ref ${parsed.ref}`);
    const device = 1;
    const jid = jidEncode(this.phoneNumber, 's.whatsapp.net', device);
    const reply = await conn.query({
      tag: 'iq',
      attrs: { from: S_WHATSAPP_NET, type: 'set', id: nextId('pair'), xmlns: 'md' },
      content: [
        {
          tag: 'pair-success',
          attrs: {},
          content: [
            { tag: 'device-identity', attrs: {}, content: signDeviceIdentity(parsed, this.accountKey, 1) },
            { tag: 'platform', attrs: { name: 'android' } },
            { tag: 'device', attrs: { jid, lid: `${this.lidUser()}:${device}@lid` } },
          ],
        },
      ],
    });
    if (!getBinaryNodeChild(reply, 'pair-device-sign')) throw new Error('companion did not sign the pairing');
    this.paired = { jid, user: this.phoneNumber, device, lid: `${this.lidUser()}:${device}@lid` };
    this.removed = false;
    // Like WhatsApp: the companion must reconnect with its new identity.
    await conn.send({ tag: 'stream:error', attrs: { code: '515' } });
    conn.ws.close();
  }

  private lidUser() {
    return `9${this.phoneNumber.slice(-11)}`;
  }

  private async onNode(conn: Connection, node: BinaryNode) {
    this.hooks.record?.(node);
    if (conn.settle(node)) return;
    if (node.tag === 'iq' && (node.attrs.type === 'get' || node.attrs.type === 'set')) {
      const answer = (await this.hooks.onStanza?.(node, conn)) ?? this.answerIq(node);
      await conn.send(answer);
      return;
    }
    await this.hooks.onStanza?.(node, conn);
  }

  private result(node: BinaryNode, content?: BinaryNode[]): BinaryNode {
    return {
      tag: 'iq',
      attrs: { from: S_WHATSAPP_NET, type: 'result', id: node.attrs.id as string },
      content,
    };
  }

  /** The IQs Baileys needs answered to log in; everything else gets an empty result. */
  private answerIq(node: BinaryNode): BinaryNode {
    const xmlns = node.attrs.xmlns;
    // The companion logs itself out: the account forgets it, later logins with its credentials fail (401).
    if (xmlns === 'md' && getBinaryNodeChild(node, 'remove-companion-device')) {
      this.removed = true;
      return this.result(node);
    }
    if (xmlns === 'encrypt' && node.attrs.type === 'get' && getBinaryNodeChild(node, 'count')) {
      return this.result(node, [{ tag: 'count', attrs: { value: String(this.keys?.preKeys.size ?? 0) } }]);
    }
    if (xmlns === 'encrypt' && node.attrs.type === 'set' && getBinaryNodeChild(node, 'registration')) {
      this.storeKeys(node);
      return this.result(node);
    }
    return this.result(node);
  }

  /** Keeps the pre-keys of an upload (`iq xmlns=encrypt type=set`). */
  private storeKeys(node: BinaryNode) {
    const bytes = (tag: string, parent: BinaryNode = node) =>
      Buffer.from(getBinaryNodeChild(parent, tag)?.content as Uint8Array);
    const skey = getBinaryNodeChild(node, 'skey') as BinaryNode;
    const preKeys = this.keys?.preKeys ?? new Map<number, Buffer>();
    for (const key of getBinaryNodeChildren(getBinaryNodeChild(node, 'list'), 'key')) {
      preKeys.set(bytes('id', key).readUIntBE(0, 3), bytes('value', key));
    }
    this.keys = {
      registrationId: bytes('registration').readUInt32BE(0),
      identityKey: bytes('identity'),
      signedPreKey: {
        keyId: bytes('id', skey).readUIntBE(0, 3),
        publicKey: bytes('value', skey),
        signature: bytes('signature', skey),
      },
      preKeys,
    };
  }
}
