// Spec calls check (issue 24): every call of the spec's §7 lists is mapped to our OpenAPI routes (or n.a.).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SPEC_FILES } from './texts';

export type CallEntry = {
  /** The spec call as written (a path, or a purpose). */
  call: string;
  /** Our route(s), METHOD + OpenAPI path. */
  routes?: string[];
  /** Not applicable: why. */
  na?: string;
};

/** One bullet of a §7 list and the calls it names. */
export type CallBullet = { doc: string; line: number; bullet: string; calls: CallEntry[] };

export type CallsMap = { bullets: CallBullet[] };

export type SpecBullet = { doc: string; line: number; text: string };

/** The bullets (or paragraphs) of the "calls" section (§7) of each spec document. */
export function specCallBullets(root = ROOT): SpecBullet[] {
  const out: SpecBullet[] = [];
  for (const file of SPEC_FILES) {
    const lines = readFileSync(join(root, 'docs', 'spec', file), 'utf8').split('\n');
    let inCalls = false;
    lines.forEach((text, i) => {
      if (/^## /.test(text)) inCalls = /^## 7\./.test(text);
      if (!inCalls) return;
      // A bullet, or a bold-titled paragraph ("**Campaign**: ...") as spec 3 writes them.
      if (/^- /.test(text) || /^\*\*[^*]+\*\*/.test(text)) out.push({ doc: file, line: i + 1, text });
    });
  }
  return out;
}

/** The explicit paths a bullet names ('/set-status/{company_id}/...', '/automaticDistribution/queue'). */
export function pathsIn(text: string): string[] {
  const found = text.match(/(?<![\w}])\/[A-Za-z{][\w{}\-./]*/g) ?? [];
  return [...new Set(found.map((p) => p.replace(/[.]$/, '')))];
}

export function loadCallsMap(root = ROOT): CallsMap {
  return JSON.parse(readFileSync(join(root, 'docs', 'spec-calls.json'), 'utf8')) as CallsMap;
}

export type CallsProblem = string;

/**
 * Problems of the map against the spec and the OpenAPI document: a §7 bullet without an entry, a path the
 * bullet names that no entry's call mentions, an entry with neither routes nor reason, a route not in the
 * document.
 */
export function checkCalls(
  map: CallsMap,
  bullets: SpecBullet[],
  openApiRoutes: Set<string>,
): { problems: CallsProblem[]; mapped: number; na: number } {
  const problems: CallsProblem[] = [];
  let mapped = 0;
  let na = 0;
  for (const b of bullets) {
    const entry = map.bullets.find((e) => e.doc === b.doc && b.text.includes(e.bullet));
    if (!entry) {
      problems.push(`${b.doc}:${b.line} sem entrada no mapa: ${b.text.slice(0, 90)}`);
      continue;
    }
    const named = entry.calls.map((c) => c.call).join(' ');
    for (const p of pathsIn(b.text)) {
      if (!named.includes(p)) problems.push(`${b.doc}:${b.line} caminho ${p} sem entrada no mapa`);
    }
  }
  for (const e of map.bullets) {
    if (!bullets.some((b) => b.doc === e.doc && b.text.includes(e.bullet)))
      problems.push(`entrada do mapa sem tópico na spec: ${e.doc} "${e.bullet}"`);
    for (const c of e.calls) {
      if (c.na) {
        na++;
        continue;
      }
      if (!c.routes?.length) {
        problems.push(`${e.doc} "${c.call}": sem rota e sem motivo (na)`);
        continue;
      }
      mapped++;
      for (const r of c.routes)
        if (!openApiRoutes.has(r)) problems.push(`${e.doc} "${c.call}": rota ${r} não está no OpenAPI`);
    }
  }
  return { problems, mapped, na };
}

/** "METHOD /path" of every operation of an OpenAPI document. */
export function openApiRouteSet(doc: { paths: Record<string, Record<string, unknown>> }): Set<string> {
  const out = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths))
    for (const method of Object.keys(ops)) out.add(`${method.toUpperCase()} ${path}`);
  return out;
}
