import { randomBytes } from 'node:crypto';
import { type BinaryNode, S_WHATSAPP_NET } from '@whiskeysockets/baileys';
import { appStateKeyShare, SignalDevice } from './phone';
import { type Connection, WhatsAppWebServer } from './server';

/**
 * A fake WhatsApp Web server on loopback that the real Baileys client talks to, for tests.
 *
 *   const peer = await startWhatsAppWebPeer();
 *   makeWASocket({ waWebSocketUrl: peer.url, auth, ... })   // Baileys connects, shows a QR
 *   await peer.scan(qr)        // the fake phone scans it: pair-success, then stream:error 515 (restart)
 *   peer.paired                // { jid, user, device, lid } of the companion once paired
 *   await peer.sendText({ from: '5511999990000', text: 'oi' })  // a contact writes (Signal pkmsg/msg);
 *                              // queued while Baileys is away, delivered with `offline` on its next login,
 *                              // and kept until Baileys acks it (so each arrives exactly once)
 *   peer.stanzas()             // what Baileys sent that the peer recorded: acks, receipts, presence...
 *   await peer.drop(code?)     // closes Baileys' socket, with a stream:error code first when given
 *   await peer.logout()        // the phone removes the device: stream:error 401, later logins fail with 401
 *   await peer.stop()
 *
 * What it speaks is the real protocol: Noise XX over WebSocket with its own certificate chain, WABinary
 * stanzas, the pairing exchange Baileys verifies (HMAC with the adv secret, account signature).
 */
export async function startWhatsAppWebPeer(opts: { phoneNumber?: string } = {}) {
  const phoneNumber = opts.phoneNumber ?? '5511888880000';
  const server = new WhatsAppWebServer(phoneNumber);
  await server.start();

  // The account's own phone (device 0): after the first login it shares the app-state key with the
  // companion, as WhatsApp does. Baileys holds back its events until it has that key.
  const primary = new SignalDevice(`${phoneNumber}@s.whatsapp.net`);
  let keyShared = false;
  /** Contacts that wrote to the companion, by jid. */
  const contacts = new Map<string, SignalDevice>();
  /** Messages not yet acked by Baileys, in order: delivered on login, dropped from here on ack. */
  const outbox: BinaryNode[] = [];
  const stanzas: BinaryNode[] = [];

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
      // Baileys acks before it stores the key (same task, right after): give that task a moment to end,
      // so it has the key when `ib offline` releases its buffered events.
      await new Promise((r) => setTimeout(r, 100));
      keyShared = true;
    }
    // Also picks up what is sent while this runs (the companion is not online until `ib offline`).
    for (let node = outbox[0]; node; node = outbox[0]) {
      if (!(await deliver(conn, node, true))) return;
      conn.offlineCount++;
    }
  };
  server.hooks.onStanza = (node) => {
    stanzas.push(node);
    return undefined;
  };

  return {
    url: server.url,
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
      outbox.push(node);
      const conn = server.live();
      if (conn?.online) await deliver(conn, node, false);
      return node.attrs.id;
    },
    /** Stanzas Baileys sent (acks, receipts, presence, ...), in order. */
    stanzas: () => [...stanzas],
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
    stop: () => server.stop(),
  };
}

export type WhatsAppWebPeer = Awaited<ReturnType<typeof startWhatsAppWebPeer>>;
