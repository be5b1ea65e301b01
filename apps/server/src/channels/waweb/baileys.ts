import { createRequire } from 'node:module';

// Baileys is CommonJS and re-exports its modules in a way Node's ESM loader cannot list (`proto` among them):
// loaded through require, typed as the package's own declarations.
const require = createRequire(import.meta.url);

export const baileys = require('@whiskeysockets/baileys') as typeof import('@whiskeysockets/baileys');
