import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// What main.tsx imports statically, transitively: the JavaScript of the chat's first load (bench/web-bundle.ts
// measures its size). esbuild drops `import type`, as Vite does.
async function firstLoadModules(): Promise<string[]> {
  const entry = fileURLToPath(new URL('../main.tsx', import.meta.url));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    splitting: true,
    outdir: 'out',
    jsx: 'automatic',
    logLevel: 'silent',
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.mp3': 'empty', '.woff2': 'empty' },
  });
  const inputs = result.metafile.inputs;
  const root = Object.keys(inputs).find((key) => key.endsWith('src/main.tsx'));
  if (!root) throw new Error('main.tsx not in the bundle');
  const seen = new Set([root]);
  const queue = [root];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    for (const imported of inputs[key]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
      seen.add(imported.path);
      queue.push(imported.path);
    }
  }
  return [...seen];
}

describe("the chat's first load", () => {
  // zod (28 kB gzip) loads with the first API call (lib/response-schemas.ts): a first-load file importing a
  // schema module of @prosa/shared instead of its zod-free part would bring it back.
  it('does not import zod', { timeout: 60_000 }, async () => {
    const modules = await firstLoadModules();
    expect(modules.some((path) => path.endsWith('src/features/attendance/chat-page.tsx'))).toBe(true);
    expect(
      modules.filter((path) => path.includes('node_modules/zod/') || path.endsWith('shared/src/zod.ts')),
    ).toEqual([]);
  });
});

describe("the chat's first load, after the first paint", () => {
  // Socket.IO (13 kB gzip) loads when the realtime connection starts (lib/realtime.ts), the toasts' container when
  // the app first renders (app.tsx): the list of cards draws without them.
  it('does not import Socket.IO nor the toasts container', { timeout: 60_000 }, async () => {
    const modules = await firstLoadModules();
    expect(modules.some((path) => path.endsWith('src/lib/realtime.ts'))).toBe(true);
    expect(
      modules.filter(
        (path) =>
          /node_modules\/(socket\.io-client|engine\.io-client)\//.test(path) ||
          path.endsWith('src/lib/socket.ts') ||
          path.endsWith('src/app-notifications.tsx'),
      ),
    ).toEqual([]);
  });
});
