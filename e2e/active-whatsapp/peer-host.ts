import { loadWhatsAppWebPeer } from '../waweb/load-peer';

// The fake WhatsApp Web phone in a process of its own (run with tsx), driven over IPC: Baileys' CommonJS
// exports load there as in Vitest, which Playwright's own module loader does not allow.

type Ask = { id: number; op: 'url' | 'scan' | 'received' | 'stop'; qr?: string };

const peer = await (await loadWhatsAppWebPeer()).startWhatsAppWebPeer();

process.on('message', async (ask: Ask) => {
  try {
    let value: unknown = null;
    if (ask.op === 'url') value = peer.url;
    if (ask.op === 'scan') await peer.scan(ask.qr ?? '');
    if (ask.op === 'received') value = peer.received().map((m) => ({ to: m.to, text: m.text }));
    if (ask.op === 'stop') await peer.stop();
    process.send?.({ id: ask.id, value });
    if (ask.op === 'stop') process.exit(0);
  } catch (err) {
    process.send?.({ id: ask.id, error: err instanceof Error ? err.message : String(err) });
  }
});
process.send?.({ id: 0, value: 'ready' });
