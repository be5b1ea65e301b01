// Coverage map check (issue 24): every code or test path the map names exists.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './texts';

export const MAP_FILE = 'docs/spec-coverage.md';
/** Rows still being built by another helper: their paths are theirs and may land later. */
export const UNDER_CONSTRUCTION = '(em construção)';

/** The repo paths (`apps/...`, `packages/...`, `e2e/...`, `docs/...`, `scripts/...`) named in backticks. */
export function mapPaths(markdown: string): { path: string; line: number }[] {
  const out: { path: string; line: number }[] = [];
  markdown.split('\n').forEach((text, i) => {
    if (text.includes(UNDER_CONSTRUCTION)) return;
    for (const m of text.matchAll(/`((?:apps|packages|e2e|docs|scripts|bench)\/[^`\s]+)`/g)) {
      // "file.ts:42" or "file.ts#name" point into a file: the file must exist.
      out.push({ path: (m[1] ?? '').replace(/[:#].*$/, ''), line: i + 1 });
    }
  });
  return out;
}

export function missingMapPaths(root = ROOT): string[] {
  const file = join(root, MAP_FILE);
  if (!existsSync(file)) return [`${MAP_FILE} não existe`];
  return mapPaths(readFileSync(file, 'utf8'))
    .filter((p) => !existsSync(join(root, p.path.replace(/\*.*$/, ''))))
    .map((p) => `${MAP_FILE}:${p.line} caminho inexistente: ${p.path}`);
}

/** Rows of the map whose status is neither done ("feito") nor n.a. with a reason. */
export function openMapItems(root = ROOT): string[] {
  const file = join(root, MAP_FILE);
  if (!existsSync(file)) return [];
  const out: string[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (!/^\|/.test(text) || /^\|\s*-/.test(text) || /^\|\s*(item|Item)\s*\|/.test(text)) return;
      const cells = text.split('|').map((c) => c.trim());
      const status = cells[2] ?? '';
      if (/^feito\b/.test(status)) return;
      if (/^n\.a\.\s*[—–-]\s*\S/.test(status)) return;
      out.push(`${MAP_FILE}:${i + 1} item aberto: ${text.slice(0, 100)}`);
    });
  return out;
}
