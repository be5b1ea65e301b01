import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppWebPeer, type WhatsAppWebPeer } from '../../../test/peers/whatsapp-web';
import { createNumber, type KitSession, runKitSession } from '../../../test/peers/whatsapp-web/session-kit';

// A session's life without messages (spec 2 §4): a QR nobody reads expires to UNPAIRED_IDLE and a refresh shows a
// new one; a number opened elsewhere (440, replaced) stops without fighting for the connection.

let ctx: TestContext;
let peer: WhatsAppWebPeer;
let kit: KitSession;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  // One ref only: the first QR is also the last.
  peer = await startWhatsAppWebPeer({ qrRefs: 1 });
});
afterAll(async () => {
  await kit?.session.stop();
  await peer?.stop();
  await ctx?.close();
});

describe('a WhatsApp Web session’s QR and its closes', () => {
  it('a QR nobody reads expires to UNPAIRED_IDLE; restart() shows a new QR that pairs', async () => {
    kit = runKitSession(ctx, peer, await createNumber(ctx), { qrTimeoutMs: 1500 });
    const first = await waitFor(async () => kit.session.qr);
    expect(kit.session.state).toBe('UNPAIRED');
    await waitFor(async () => kit.session.state === 'UNPAIRED_IDLE');
    expect(kit.session.qr).toBeNull();
    expect(kit.states.map((s) => s.state)).toContain('UNPAIRED');

    // Refreshed from the panel: a new connection, a new QR (with refs enough to be read this time).
    peer.setQrRefs(6);
    await kit.session.restart();
    const second = await waitFor(async () => kit.session.qr);
    expect(second).not.toBe(first);
    await peer.scan(second);
    await waitFor(async () => kit.session.state === 'CONNECTED');
  });

  it('opened elsewhere (440, replaced): not-running and idle, as disconnect.ts maps it, until started again', async () => {
    const opens = kit.states.filter((s) => s.state === 'OPENING').length;
    await peer.drop(440);
    await waitFor(async () => kit.session.state === 'not-running');
    expect(kit.states.at(-1)).toMatchObject({ state: 'not-running', qr: null });
    // Idle: it did not open again by itself (an OPENING after the close would be a reconnection)...
    expect(kit.states.filter((s) => s.state === 'OPENING').length).toBe(opens);
    // ...until a person starts it again: still paired, no QR.
    await kit.session.restart();
    await waitFor(async () => kit.session.state === 'CONNECTED');
    expect(kit.states.slice(-3).some((s) => s.state === 'UNPAIRED')).toBe(false);
  });
});
