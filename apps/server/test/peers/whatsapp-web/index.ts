import { S_WHATSAPP_NET } from '@whiskeysockets/baileys';
import { WhatsAppWebServer } from './server';

/**
 * A fake WhatsApp Web server on loopback that the real Baileys client talks to, for tests.
 *
 *   const peer = await startWhatsAppWebPeer();
 *   makeWASocket({ waWebSocketUrl: peer.url, auth, ... })   // Baileys connects, shows a QR
 *   await peer.scan(qr)        // the fake phone scans it: pair-success, then stream:error 515 (restart)
 *   peer.paired                // { jid, user, device, lid } of the companion once paired
 *   await peer.drop(code?)     // closes Baileys' socket, with a stream:error code first when given
 *   await peer.logout()        // the phone removes the device: stream:error 401, later logins fail with 401
 *   await peer.stop()
 *
 * What it speaks is the real protocol: Noise XX over WebSocket with its own certificate chain, WABinary
 * stanzas, the pairing exchange Baileys verifies (HMAC with the adv secret, account signature).
 */
export async function startWhatsAppWebPeer(opts: { phoneNumber?: string } = {}) {
  const server = new WhatsAppWebServer(opts.phoneNumber ?? '5511888880000');
  await server.start();

  return {
    url: server.url,
    get paired() {
      return server.paired;
    },
    /** What the phone does when it scans the QR Baileys shows. Resolves once the restart was requested. */
    scan: (qr: string) => server.scan(qr),
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
