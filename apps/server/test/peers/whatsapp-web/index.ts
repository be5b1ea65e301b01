import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  type BinaryNode,
  downloadContentFromMessage,
  getBinaryNodeChild,
  getBinaryNodeChildren,
  jidDecode,
  type MediaType,
  proto,
  S_WHATSAPP_NET,
} from '@whiskeysockets/baileys';
import { ChatLog, type HistoryRequest, historyNotification, historyRequestOf } from './history';
import { encryptMedia, MediaHost } from './media';
import { appStateKeyShare, SignalDevice } from './phone';
import { type Connection, WhatsAppWebServer } from './server';

/**
 * A fake WhatsApp Web server on loopback that the real Baileys client talks to, for tests.
 *
 *   const peer = await startWhatsAppWebPeer();
 *   makeWASocket({ waWebSocketUrl: peer.url, auth, ... })   // Baileys connects, shows a QR
 *   await peer.scan(qr)        // the fake phone scans it: pair-success, then stream:error 515 (restart)
 *   peer.paired                // { jid, user, device, lid } of the companion once paired
 *   makeWASocket({ ... }) + mediaUploadUrl: peer.mediaUrl  // files go up to the peer's media host over http
 *   await peer.sendText({ from: '5511999990000', text: 'oi' })  // a contact writes (Signal pkmsg/msg);
 *                              // queued while Baileys is away, delivered with `offline` on its next login,
 *                              // and kept until Baileys acks it (so each arrives exactly once)
 *   await peer.sendFile({ from, kind: 'image', data, mimeType })  // a contact sends a file (encrypted, on the media host)
 *   await peer.sendFromPhone({ to, text })  // the account's own phone writes to a contact (Baileys sees fromMe)
 *   await peer.syncHistory([{ chat, text, fromMe? }])  // the phone sends its recent history (a file on the media host)
 *   await peer.askAgain({ from, id })  // the contact's device could not decrypt `id`: a retry receipt
 *   await peer.loseText({ from, text })  // a contact writes and the server loses it: only the phone's chat has it
 *   await peer.reportChats({ perChat?, chats? })  // the phone's recent history: each chat's newest messages
 *   peer.historyRequests()     // the on-demand history requests the companion sent the phone (answered from
 *                              // the phone's chats: what contacts wrote through sendText and loseText)
 *   peer.received()            // [{ to, text, id, file? }] of what Baileys sent, decrypted by the contact's device
 *                              // (files downloaded from the media host and decrypted)
 *   peer.stanzas()             // what Baileys sent that the peer recorded: acks, receipts, presence...
 *   await peer.drop(code?)     // closes Baileys' socket, with a stream:error code first when given
 *   await peer.logout()        // the phone removes the device: stream:error 401, later logins fail with 401
 *   await peer.stop()
 *
 * What it speaks is the real protocol: Noise XX over WebSocket with its own certificate chain, WABinary
 * stanzas, the pairing exchange Baileys verifies (HMAC with the adv secret, account signature).
 */
export async function startWhatsAppWebPeer(opts: { phoneNumber?: string; qrRefs?: number } = {}) {
  const phoneNumber = opts.phoneNumber ?? '5511888880000';
  const server = new WhatsAppWebServer(phoneNumber);
  if (opts.qrRefs) server.refCount = opts.qrRefs;
  await server.start();
  const media = new MediaHost();
  await media.start();

  // The account's own phone (device 0): after the first login it shares the app-state key with the
  // companion, as WhatsApp does. Baileys holds back its events until it has that key.
  const primary = new SignalDevice(`${phoneNumber}@s.whatsapp.net`);
  let keyShared = false;
  /** Contact devices (one per number: its phone), by jid; made when they write or are written to. */
  const contacts = new Map<string, SignalDevice>();
  /** Messages not yet acked by Baileys, in order: delivered on login, dropped from here on ack. */
  const outbox: BinaryNode[] = [];
  const stanzas: BinaryNode[] = [];
  /** What the companion sent to contacts, decrypted. */
  const received: {
    to: string;
    text: string;
    id: string;
    message: proto.IMessage;
    file?: { kind: MediaType; data: Buffer; mimeType: string; fileName: string | null; ptt: boolean };
  }[] = [];

  /** The chats as the phone holds them (what contacts wrote), and the history the companion asked it for. */
  const chatLog = new ChatLog();
  const historyRequests: HistoryRequest[] = [];

  const companionJid = () => {
    if (!server.paired) throw new Error('no companion is paired');
    return server.paired.jid;
  };

  /** A `message` stanza from `device`'s user to the companion, encrypted for it. */
  const messageFrom = async (
    device: SignalDevice,
    message: Parameters<SignalDevice['encrypt']>[1],
    extra = {},
  ) => {
    const to = companionJid();
    if (!device.hasSession(to)) await device.startSession(to, server.takeCompanionBundle());
    const enc = await device.encrypt(to, message);
    return {
      tag: 'message',
      attrs: {
        from: device.jid,
        id: randomBytes(8).toString('hex').toUpperCase(),
        t: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        ...extra,
      },
      content: [enc],
    } satisfies BinaryNode;
  };

  /** Sends a message and waits for Baileys' ack; true when acked (then it leaves the outbox). */
  const deliver = async (conn: Connection, node: BinaryNode, offline: boolean) => {
    const stanza = offline ? { ...node, attrs: { ...node.attrs, offline: '1' } } : node;
    try {
      await conn.query(stanza);
    } catch {
      return false; // the socket went away first: it stays queued for the next login
    }
    const i = outbox.indexOf(node);
    if (i >= 0) outbox.splice(i, 1);
    return true;
  };

  server.hooks.afterLogin = async (conn) => {
    if (!keyShared) {
      const share = await messageFrom(primary, appStateKeyShare(), { category: 'peer', type: 'protocol' });
      if (!(await deliver(conn, share, true))) return;
      // Baileys acks before it stores the key (same task, right after) and says nothing once stored: give
      // that task a moment to end, so it has the key when `ib offline` releases its buffered events.
      // (Without the key, Baileys buffers every later event for good: no messages.upsert would come.) The store
      // may be a database: a second, for a loaded machine.
      await new Promise((r) => setTimeout(r, 1000));
      keyShared = true;
    }
    // Also picks up what is sent while this runs (the companion is not online until `ib offline`).
    for (let node = outbox[0]; node; node = outbox[0]) {
      if (!(await deliver(conn, node, true))) return;
      conn.offlineCount++;
    }
  };
  // What was sent after the offline batch above ended but before `ib offline` went out goes live now.
  server.hooks.online = (conn) => {
    const late = [...outbox];
    (async () => {
      for (const node of late) if (!(await deliver(conn, node, false))) return;
    })();
  };

  /** The contact device behind a phone number, made on first use (a sender, or a recipient Baileys looks up). */
  const contact = (user: string) => {
    const jid = `${user}@s.whatsapp.net`;
    let device = contacts.get(jid);
    if (!device) {
      device = new SignalDevice(jid);
      contacts.set(jid, device);
    }
    return device;
  };

  const result = (iq: BinaryNode, content: BinaryNode[]): BinaryNode => ({
    tag: 'iq',
    attrs: { from: S_WHATSAPP_NET, type: 'result', id: iq.attrs.id as string },
    content,
  });

  /**
   * usync device lookup: every contact has one device (0, its phone); the account has its phone (0) and
   * the companion. Baileys leaves itself out and needs a key-index on non-zero devices.
   */
  const answerUsync = (iq: BinaryNode): BinaryNode => {
    const users = getBinaryNodeChildren(getBinaryNodeChild(getBinaryNodeChild(iq, 'usync'), 'list'), 'user');
    return result(iq, [
      {
        tag: 'usync',
        attrs: { sid: iq.attrs.id as string, index: '0', last: 'true', mode: 'query', context: 'message' },
        content: [
          {
            tag: 'list',
            attrs: {},
            content: users.map((u) => {
              const jid = u.attrs.jid as string;
              const ids = jidDecode(jid)?.user === phoneNumber ? [0, server.paired?.device ?? 1] : [0];
              return {
                tag: 'user',
                attrs: { jid },
                content: [
                  {
                    tag: 'devices',
                    attrs: {},
                    content: [
                      {
                        tag: 'device-list',
                        attrs: {},
                        content: ids.map((id) => ({
                          tag: 'device',
                          attrs: (id ? { id: String(id), 'key-index': String(id) } : { id: '0' }) as Record<
                            string,
                            string
                          >,
                        })),
                      },
                    ],
                  },
                ],
              };
            }),
          },
        ],
      },
    ]);
  };

  /** Pre-key fetch (`iq xmlns=encrypt type=get` with `key`): a fresh bundle of each device asked for. */
  const answerKeyFetch = async (iq: BinaryNode): Promise<BinaryNode> => {
    const users = getBinaryNodeChildren(getBinaryNodeChild(iq, 'key'), 'user');
    const be = (n: number, bytes: number) => {
      const b = Buffer.alloc(bytes);
      b.writeUIntBE(n, 0, bytes);
      return b;
    };
    const nodes: BinaryNode[] = [];
    for (const u of users) {
      const jid = u.attrs.jid as string;
      const user = jidDecode(jid)?.user as string;
      const device = user === phoneNumber ? primary : contact(user);
      const b = await device.bundle();
      nodes.push({
        tag: 'user',
        attrs: { jid },
        content: [
          { tag: 'registration', attrs: {}, content: be(b.registrationId, 4) },
          { tag: 'type', attrs: {}, content: Buffer.from([5]) },
          { tag: 'identity', attrs: {}, content: b.identityKey },
          {
            tag: 'skey',
            attrs: {},
            content: [
              { tag: 'id', attrs: {}, content: be(b.signedPreKey.keyId, 3) },
              { tag: 'value', attrs: {}, content: b.signedPreKey.publicKey },
              { tag: 'signature', attrs: {}, content: b.signedPreKey.signature },
            ],
          },
          {
            tag: 'key',
            attrs: {},
            content: [
              { tag: 'id', attrs: {}, content: be(b.preKey?.keyId ?? 0, 3) },
              { tag: 'value', attrs: {}, content: b.preKey?.publicKey ?? Buffer.alloc(32) },
            ],
          },
        ],
      });
    }
    return result(iq, [{ tag: 'list', attrs: {}, content: nodes }]);
  };

  /**
   * A message the companion sends: decrypt the copy for each contact device (the copies for the account's
   * own phone are not read), record it, then answer like the server (ack) and the recipient (receipt).
   */
  const onOutgoing = async (conn: Connection, node: BinaryNode) => {
    const id = node.attrs.id as string;
    const to = node.attrs.to as string;
    for (const copy of getBinaryNodeChildren(getBinaryNodeChild(node, 'participants'), 'to')) {
      const user = jidDecode(copy.attrs.jid)?.user;
      const enc = getBinaryNodeChild(copy, 'enc');
      if (!user || user === phoneNumber || !enc) continue;
      const message = await contact(user).decrypt(companionJid(), enc);
      // protobufjs decodes absent strings as '' (prototype default), hence || rather than ??.
      const text = message.conversation || message.extendedTextMessage?.text || '';
      received.push({ to, text, id, message, ...(await fileOf(message)) });
    }
    const t = String(Math.floor(Date.now() / 1000));
    await conn.send({ tag: 'ack', attrs: { class: 'message', id, from: to, t } });
    await conn.send({ tag: 'receipt', attrs: { id, from: to, t } });
  };

  /** The file a message carries, downloaded from the media host and decrypted with its key. */
  const fileOf = async (message: proto.IMessage) => {
    for (const kind of ['image', 'video', 'audio', 'document'] as const) {
      const m = message[`${kind}Message`];
      if (!m?.mediaKey) continue;
      const chunks: Buffer[] = [];
      for await (const c of await downloadContentFromMessage(m, kind)) chunks.push(c as Buffer);
      const fileName = 'fileName' in m && m.fileName ? m.fileName : null;
      const ptt = 'ptt' in m && m.ptt === true;
      return { file: { kind, data: Buffer.concat(chunks), mimeType: m.mimetype ?? '', fileName, ptt } };
    }
    return {};
  };

  /** `media_conn`: where the companion uploads files, and the token it must show. */
  const answerMediaConn = (iq: BinaryNode): BinaryNode =>
    result(iq, [
      {
        tag: 'media_conn',
        attrs: { auth: media.auth, ttl: '3600', auth_ttl: '3600', max_buckets: '1' },
        content: [
          { tag: 'host', attrs: { hostname: new URL(media.url).host, maxContentLengthBytes: '104857600' } },
        ],
      },
    ]);

  /**
   * App-state sync (`w:sync:app:state`): each collection asked for is at its version, with nothing new — what
   * WhatsApp answers an account without chat settings. (Baileys asks until every collection says it is done.)
   */
  const answerAppState = (iq: BinaryNode): BinaryNode =>
    result(iq, [
      {
        tag: 'sync',
        attrs: {},
        content: getBinaryNodeChildren(getBinaryNodeChild(iq, 'sync'), 'collection').map((c) => ({
          tag: 'collection',
          attrs: { name: c.attrs.name as string, version: c.attrs.version ?? '0' },
        })),
      },
    ]);

  /** Queues a message for the companion and delivers it now if it is online (see sendText). */
  const enqueue = async (node: BinaryNode) => {
    outbox.push(node);
    const conn = server.live();
    if (conn?.online) await deliver(conn, node, false);
    return node.attrs.id as string;
  };

  /** When each recorded stanza reached the peer (ms since the epoch). */
  const arrivals = new WeakMap<BinaryNode, number>();
  server.hooks.record = (node) => {
    arrivals.set(node, Date.now());
    stanzas.push(node);
  };
  /** Contacts' profile pictures (by phone number): bytes on the media host, or hidden from companions. */
  const pictures = new Map<string, { url: string } | 'hidden'>();
  /**
   * `w:profile:picture`: the picture's url on the media host, 404 item-not-found for a contact without one,
   * 401 not-authorized for one who hides it (as WhatsApp answers).
   */
  const answerPicture = (iq: BinaryNode): BinaryNode => {
    const user = jidDecode(String(iq.attrs.target ?? ''))?.user ?? '';
    const picture = pictures.get(user);
    if (picture && picture !== 'hidden') {
      return result(iq, [
        {
          tag: 'picture',
          attrs: { id: '1', type: 'preview', direct_path: new URL(picture.url).pathname, url: picture.url },
        },
      ]);
    }
    const [code, text] = picture === 'hidden' ? ['401', 'not-authorized'] : ['404', 'item-not-found'];
    return {
      tag: 'iq',
      attrs: { from: S_WHATSAPP_NET, type: 'error', id: iq.attrs.id as string },
      content: [{ tag: 'error', attrs: { code, text } }],
    };
  };

  server.hooks.onStanza = async (node, conn) => {
    if (node.tag === 'iq' && node.attrs.xmlns === 'w:profile:picture') return answerPicture(node);
    if (node.tag === 'iq' && node.attrs.xmlns === 'usync') return answerUsync(node);
    if (node.tag === 'iq' && node.attrs.xmlns === 'w:sync:app:state') return answerAppState(node);
    if (node.tag === 'iq' && node.attrs.xmlns === 'w:m' && getBinaryNodeChild(node, 'media_conn'))
      return answerMediaConn(node);
    if (node.tag === 'iq' && node.attrs.xmlns === 'encrypt' && getBinaryNodeChild(node, 'key')) {
      return answerKeyFetch(node);
    }
    if (node.tag === 'message' && node.attrs.category === 'peer') {
      const request = await historyRequestOf(node, primary, companionJid());
      if (request) {
        historyRequests.push(request);
        // Not awaited: the answer waits for Baileys' ack, read by the frame loop this call is holding.
        answerHistory(request).catch((err) => console.error('[waweb-peer] history', err));
      }
    }
    if (node.tag === 'message') await onOutgoing(conn, node);
    return undefined;
  };

  /** The phone answers an on-demand history request: the messages before the one named, newest first. */
  const answerHistory = async (r: HistoryRequest) => {
    const messages = chatLog.before(r.chatJid, r.oldestMsgId, r.count);
    const note = await historyNotification(
      media,
      proto.HistorySync.HistorySyncType.ON_DEMAND,
      [{ jid: r.chatJid, messages }],
      r.requestId,
    );
    await enqueue(await messageFrom(primary, note, { category: 'peer', type: 'protocol' }));
  };

  return {
    url: server.url,
    /** The media host's base (`http://127.0.0.1:PORT`): the companion's upload base URL. */
    mediaUrl: media.url,
    /** Encrypted uploads the media host received. */
    uploads: () => [...media.uploads],
    get paired() {
      return server.paired;
    },
    /** What the phone does when it scans the QR Baileys shows. Resolves once the restart was requested. */
    scan: (qr: string) => server.scan(qr),
    /**
     * A contact writes to the companion. Resolves with the message id once Baileys acked it, or at once
     * when Baileys is not connected (the message then waits for its next login).
     */
    async sendText({ from, text }: { from: string; text: string }) {
      const jid = `${from}@s.whatsapp.net`;
      let contact = contacts.get(jid);
      if (!contact) {
        contact = new SignalDevice(jid);
        contacts.set(jid, contact);
      }
      const node = await messageFrom(
        contact,
        { conversation: text },
        { notify: `Contato ${from.slice(-4)}` },
      );
      const id = node.attrs.id as string;
      chatLog.add(jid, {
        id,
        fromMe: false,
        text,
        t: Number(node.attrs.t),
        pushName: `Contato ${from.slice(-4)}`,
      });
      return enqueue(node);
    },
    /**
     * A contact writes, and WhatsApp's server loses it: the phone has it in the chat (its history and
     * reportChats show it), the companion never gets it, live or offline. Answers its id.
     */
    async loseText({ from, text }: { from: string; text: string }) {
      const id = randomBytes(8).toString('hex').toUpperCase();
      const t = Math.floor(Date.now() / 1000);
      chatLog.add(`${from}@s.whatsapp.net`, {
        id,
        fromMe: false,
        text,
        t,
        pushName: `Contato ${from.slice(-4)}`,
      });
      return id;
    },
    /**
     * The phone sends its recent history after an absence: each chat contacts wrote in (or those named, in that
     * order) with its `perChat` newest messages — what the companion compares with what it stored.
     */
    async reportChats({ perChat = 1, chats }: { perChat?: number; chats?: string[] } = {}) {
      const note = await historyNotification(
        media,
        proto.HistorySync.HistorySyncType.RECENT,
        chatLog.recent(
          perChat,
          chats?.map((c) => `${c}@s.whatsapp.net`),
        ),
      );
      await enqueue(await messageFrom(primary, note, { category: 'peer', type: 'protocol' }));
    },
    /** The on-demand history requests the companion sent the phone, in order. */
    historyRequests: () => [...historyRequests],
    /** A contact sends a file (with a caption): encrypted, put on the media host, its message pointing there. */
    async sendFile(f: {
      from: string;
      kind: 'image' | 'video' | 'audio' | 'document' | 'sticker';
      data: Buffer;
      mimeType: string;
      fileName?: string;
      caption?: string;
    }) {
      const enc = await encryptMedia(f.data, f.kind);
      const directPath = media.put(enc.file);
      const body = {
        url: `${media.url}${directPath}`,
        directPath,
        mediaKey: enc.mediaKey,
        fileEncSha256: enc.fileEncSha256,
        fileSha256: enc.fileSha256,
        fileLength: enc.fileLength,
        mimetype: f.mimeType,
        ...(f.caption ? { caption: f.caption } : {}),
        ...(f.fileName ? { fileName: f.fileName } : {}),
      };
      const node = await messageFrom(
        contact(f.from),
        { [`${f.kind}Message`]: body },
        { notify: `Contato ${f.from.slice(-4)}`, type: 'media' },
      );
      return enqueue(node);
    },
    /** The account's own phone writes to a contact: its other devices (the companion) get a copy, fromMe. */
    async sendFromPhone({ to, text, id }: { to: string; text: string; id?: string }) {
      const destinationJid = `${to}@s.whatsapp.net`;
      const node = await messageFrom(
        primary,
        {
          deviceSentMessage: { destinationJid, message: { conversation: text } },
        },
        { recipient: destinationJid, ...(id ? { id } : {}) },
      );
      return enqueue(node);
    },
    /**
     * The phone sends the companion its recent history, as WhatsApp does after a link or a long absence: the
     * messages in a compressed HistorySync, encrypted on the media host, announced by a protocol message.
     * `chat` is a phone number or a group jid. Answers the ids of the messages.
     */
    async syncHistory(items: { chat: string; text: string; fromMe?: boolean; id?: string }[]) {
      const t = Math.floor(Date.now() / 1000);
      const byChat = new Map<string, proto.IHistorySyncMsg[]>();
      const ids: string[] = [];
      for (const it of items) {
        const jid = it.chat.includes('@') ? it.chat : `${it.chat}@s.whatsapp.net`;
        const id = it.id ?? randomBytes(8).toString('hex').toUpperCase();
        ids.push(id);
        const list = byChat.get(jid) ?? [];
        list.push({
          message: {
            key: { remoteJid: jid, fromMe: it.fromMe === true, id },
            message: { conversation: it.text },
            messageTimestamp: t,
            ...(it.fromMe ? {} : { pushName: `Contato ${jid.slice(-19, -15)}` }),
          },
        });
        byChat.set(jid, list);
      }
      const sync = proto.HistorySync.encode({
        syncType: proto.HistorySync.HistorySyncType.RECENT,
        conversations: [...byChat].map(([id, messages]) => ({ id, messages })),
      }).finish();
      const enc = await encryptMedia(deflateSync(sync), 'md-msg-hist');
      const directPath = media.put(enc.file);
      const node = await messageFrom(
        primary,
        {
          protocolMessage: {
            type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION,
            historySyncNotification: {
              directPath,
              mediaKey: enc.mediaKey,
              fileEncSha256: enc.fileEncSha256,
              fileSha256: enc.fileSha256,
              fileLength: enc.fileLength,
              syncType: proto.HistorySync.HistorySyncType.RECENT,
              chunkOrder: 1,
              progress: 100,
            },
          },
        },
        { category: 'peer', type: 'protocol' },
      );
      await enqueue(node);
      return ids;
    },
    /**
     * The contact's device could not decrypt message `id` of the companion and asks for it again (a retry
     * receipt): the companion must send it anew, from what it still has of it.
     */
    async askAgain({ from, id }: { from: string; id: string }) {
      const conn = server.live();
      if (!conn) throw new Error('the companion is not connected');
      const t = String(Math.floor(Date.now() / 1000));
      const registration = Buffer.alloc(4);
      registration.writeUInt32BE(contact(from).creds.registrationId);
      await conn.send({
        tag: 'receipt',
        attrs: { id, from: `${from}@s.whatsapp.net`, type: 'retry', t },
        content: [
          { tag: 'retry', attrs: { count: '1', id, t, v: '1' } },
          { tag: 'registration', attrs: {}, content: registration },
        ],
      });
    },
    /**
     * A contact's profile picture: its bytes go on the media host (answers the url), or 'hidden' (only their
     * contacts may see it), or null (none).
     */
    setProfilePicture(phone: string, picture: Buffer | 'hidden' | null) {
      if (picture === null) pictures.delete(phone);
      else if (picture === 'hidden') pictures.set(phone, 'hidden');
      else pictures.set(phone, { url: `${media.url}${media.put(picture)}` });
      const set = pictures.get(phone);
      return set && set !== 'hidden' ? set.url : null;
    },
    /** Stanzas Baileys sent (acks, receipts, presence, ...), in order. */
    stanzas: () => [...stanzas],
    /** When a stanza of `stanzas()` reached the peer (ms since the epoch). */
    arrivedAt: (node: BinaryNode) => arrivals.get(node) ?? Number.NaN,
    /** How many QR refs the next new companion is offered (when they run out unread, Baileys gives up: 408). */
    setQrRefs(n: number) {
      server.refCount = n;
    },
    /** The media host refuses uploads (500) while on: what a failing upload looks like to the companion. */
    refuseUploads(on: boolean) {
      media.refusing = on;
    },
    /** What Baileys sent to contacts, decrypted by their devices: `[{ to, text, id, message }]`. */
    received: () => [...received],
    /** Messages still waiting for Baileys. */
    pending: () => outbox.length,
    /** Closes the live socket; with `code`, sends `stream:error` with that code first. */
    async drop(code?: number) {
      const conn = server.live();
      if (!conn) return;
      if (code) await conn.send({ tag: 'stream:error', attrs: { code: String(code) } });
      conn.ws.close();
    },
    /** The phone unlinks this companion: it is told 401 now, and any later login is refused with 401. */
    async logout() {
      server.removed = true;
      const conn = server.live();
      if (!conn) return;
      await conn.send({
        tag: 'stream:error',
        attrs: { code: '401', from: S_WHATSAPP_NET },
        content: [{ tag: 'conflict', attrs: { type: 'device_removed' } }],
      });
      conn.ws.close();
    },
    async stop() {
      await media.stop();
      await server.stop();
    },
  };
}

export type WhatsAppWebPeer = Awaited<ReturnType<typeof startWhatsAppWebPeer>>;
