// Coverage map check (issue 24): every code or test path the map names exists.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SPEC_FILES } from './texts';

export const MAP_FILE = 'docs/spec-coverage.md';

/** The repo paths (`apps/...`, `packages/...`, `e2e/...`, `docs/...`, `scripts/...`) named in backticks. */
export function mapPaths(markdown: string): { path: string; line: number }[] {
  const out: { path: string; line: number }[] = [];
  markdown.split('\n').forEach((text, i) => {
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

/**
 * Numbered sections of the spec documents ("## 5. Validation rules" of document 2 is "2.5") without their
 * heading ("### 2.5 …") in the map, or with no row under it.
 */
export function missingMapSections(root = ROOT): string[] {
  const file = join(root, MAP_FILE);
  if (!existsSync(file)) return [];
  const map = readFileSync(file, 'utf8');
  const rowsUnder = new Map<string, number>();
  let current: string | null = null;
  for (const line of map.split('\n')) {
    const heading = /^### (\d\.\d) /.exec(line);
    if (heading?.[1]) {
      current = heading[1];
      rowsUnder.set(current, 0);
    } else if (/^## /.test(line)) current = null;
    else if (current && /^\| (?!item \|)(?!---)/.test(line))
      rowsUnder.set(current, (rowsUnder.get(current) ?? 0) + 1);
  }
  const out: string[] = [];
  SPEC_FILES.forEach((specFile, d) => {
    const spec = readFileSync(join(root, 'docs', 'spec', specFile), 'utf8');
    for (const m of spec.matchAll(/^## (\d+)\. (.*)$/gm)) {
      const key = `${d + 1}.${m[1]}`;
      if (!rowsUnder.has(key)) out.push(`${MAP_FILE}: falta a seção ${key} (${specFile} §${m[1]} ${m[2]})`);
      else if (rowsUnder.get(key) === 0) out.push(`${MAP_FILE}: a seção ${key} não tem itens`);
    }
  });
  return out;
}
