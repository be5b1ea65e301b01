import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type * as PeerModule from '../../apps/server/test/peers/whatsapp-web/index';

const PEER = fileURLToPath(new URL('../../apps/server/test/peers/whatsapp-web/index.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Inside node_modules, so Vite leaves it to Node's own loader (it is plain ESM).
const SHIM = join(ROOT, 'node_modules', '.cache', 'prosa-e2e', 'baileys-esm.mjs');

/**
 * Baileys is CommonJS and Node's ESM loader does not see some of its named exports (`proto`), which the peer
 * imports by name: an ESM module that re-exports each of its exports stands in for it.
 */
function writeBaileysShim() {
  const baileys = createRequire(PEER)('@whiskeysockets/baileys') as Record<string, unknown>;
  const names = Object.keys(baileys).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
  mkdirSync(dirname(SHIM), { recursive: true });
  writeFileSync(
    SHIM,
    [
      "import { createRequire } from 'node:module';",
      `const baileys = createRequire(${JSON.stringify(PEER)})('@whiskeysockets/baileys');`,
      ...names.map((n) => `export const ${n} = baileys.${n};`),
      'export default baileys;',
      '',
    ].join('\n'),
  );
}

/** The fake WhatsApp Web server, loaded through Vite's module runner (as Vitest loads it for the int tests). */
export async function loadWhatsAppWebPeer(): Promise<typeof PeerModule> {
  writeBaileysShim();
  const { module } = await runnerImport<typeof PeerModule>(PEER, {
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: [{ find: /^@whiskeysockets\/baileys$/, replacement: SHIM }] },
  });
  return module;
}
