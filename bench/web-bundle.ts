/**
 * The JavaScript a browser downloads to open the chat: index.html's entry chunk, the chat screen's chunk
 * (when it has one of its own) and every chunk they import statically (Vite preloads those), gzipped.
 * Run: npx vite build apps/web --outDir /tmp/web-dist && npm run bench:web-bundle -- /tmp/web-dist
 * Optional further arguments: other screens' source files (default src/features/attendance/chat-page.tsx).
 * The build needs `build.manifest` (apps/web/vite.config.ts), or `--manifest` on the vite command line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const TARGET_KB = 250;
const DEFAULT_ROUTES = ['src/features/attendance/chat-page.tsx'];

// kB of 1000 bytes and zlib's default level, as Vite's build report shows them.
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** Keys of the chunks `roots` load before they run: themselves and their static imports, transitively. */
function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return [...seen];
}

function main() {
  const [dist, ...routeArgs] = process.argv.slice(2);
  if (!dist) {
    console.error('Uso: tsx bench/web-bundle.ts <pasta do build> [arquivo-fonte da tela…]');
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('manifest has no entry chunk');

  const routes = routeArgs.length > 0 ? routeArgs : DEFAULT_ROUTES;
  const roots = [...entries];
  for (const route of routes) {
    // A screen imported statically by the entry has no chunk of its own: it is inside the entry's graph.
    if (manifest[route]) roots.push(route);
    else console.log(`${route}: sem chunk próprio (está no chunk de entrada ou nos que ele importa)`);
  }

  const rows = staticClosure(manifest, roots)
    .map((key) => {
      const file = manifest[key]?.file ?? key;
      const code = readFileSync(join(dist, file));
      return { file, raw: code.length, gzip: gzipSync(code).length };
    })
    .filter((row) => row.file.endsWith('.js'));

  const width = Math.max(...rows.map((row) => row.file.length));
  console.log(`${'arquivo'.padEnd(width)}  ${'bruto kB'.padStart(9)}  ${'gzip kB'.padStart(8)}`);
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`${row.file.padEnd(width)}  ${kb(row.raw).padStart(9)}  ${kb(row.gzip).padStart(8)}`);
  }
  const raw = rows.reduce((sum, row) => sum + row.raw, 0);
  const gzip = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.log(`${'total'.padEnd(width)}  ${kb(raw).padStart(9)}  ${kb(gzip).padStart(8)}`);

  const allJs = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js')).length;
  console.log(`${rows.length} de ${allJs} arquivos JS do build; meta: abaixo de ${TARGET_KB} kB gzip`);
  if (gzip / 1000 >= TARGET_KB) process.exitCode = 1;
}

main();
