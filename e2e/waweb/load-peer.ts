import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type * as PeerModule from '../../apps/server/test/peers/whatsapp-web/index';

const PEER = fileURLToPath(new URL('../../apps/server/test/peers/whatsapp-web/index.ts', import.meta.url));

/**
 * The fake WhatsApp Web server, loaded through Vite's module runner as Vitest loads it: Baileys is CommonJS
 * and Node's own ESM loader does not see some of its named exports (proto), which the peer imports.
 */
export async function loadWhatsAppWebPeer(): Promise<typeof PeerModule> {
  const { module } = await runnerImport<typeof PeerModule>(PEER, { configFile: false, logLevel: 'silent' });
  return module;
}
