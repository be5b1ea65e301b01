import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkCalls,
  loadCallsMap,
  openApiRouteSet,
  pathsIn,
  specCallBullets,
} from '../../../scripts/spec-coverage/calls';
import {
  mapPaths,
  missingMapPaths,
  missingMapSections,
  openMapItems,
} from '../../../scripts/spec-coverage/map-paths';
import {
  checkTexts,
  extractQuoted,
  isPresent,
  looksLikeUserText,
  PENDING_TEXTS,
  ROOT,
} from '../../../scripts/spec-coverage/texts';
import { buildOpenApiDocument } from './openapi-document';

/** A line of source with a template placeholder (`%{x}` stands for the dollar form). */
const code = (s: string) => s.replaceAll('%{', '$' + '{');

// Issue 24: a spec text or call that goes missing fails the build (`npm run spec:check` prints the same).
describe('spec coverage: texts', () => {
  it('extracts single- and double-quoted texts, a quoted word inside a text kept whole', () => {
    const md = [
      "- Phone ('Contato informado no campo 'Telefone' é inválido.'); flag 'whatsapp-active'.",
      '- name ("Nome é obrigatório"), fields ("Os campos \\"Nome\\", \\"Setor\\" são obrigatórios!"); the company\'s flag.',
    ].join('\n');
    const texts = extractQuoted(md, 'x.md').map((t) => t.text);
    expect(texts).toEqual([
      "Contato informado no campo 'Telefone' é inválido.",
      'whatsapp-active',
      'Nome é obrigatório',
      'Os campos "Nome", "Setor" são obrigatórios!',
    ]);
    expect(texts.filter(looksLikeUserText)).not.toContain('whatsapp-active');
    expect(looksLikeUserText('perguntas_e_respostas')).toBe(false);
    expect(looksLikeUserText('Gestor')).toBe(true);
  });

  it('checks a text with placeholders by its fixed parts around a value in the same string', () => {
    expect(isPresent('E-mail X inválido!', code('const m = `E-mail %{bad} inválido!`;'))).toBe(true);
    expect(isPresent('Campo ... é inválido!', "'Campo alterado', x: 'Nome é inválido!'")).toBe(false);
    expect(isPresent('Campo ... obrigatório!', '// ("Campo … obrigatório!")')).toBe(false);
    expect(
      isPresent(
        'Mídia maior que o tamanho suportado (...)',
        code('`Mídia maior que o tamanho suportado (%{max})`'),
      ),
    ).toBe(true);
    expect(isPresent('Sua mensagem está vazia.', "warn('Sua mensagem está vazia.')")).toBe(true);
    expect(isPresent('Sua mensagem está vazia.', "warn('Sua mensagem está cheia.')")).toBe(false);
  });

  it('every quoted Portuguese text of the spec is in the code', () => {
    const r = checkTexts();
    expect(r.checked.length).toBeGreaterThan(250);
    expect(r.missing.map((t) => `${t.file}:${t.line} ${t.text}`)).toEqual([]);
    // A pending text that has landed must leave the pending list.
    expect(r.pending.map((t) => t.text)).toEqual([...PENDING_TEXTS]);
  });
});

describe('spec coverage: calls', () => {
  it('names the explicit paths of a bullet', () => {
    expect(
      pathsIn('- POST /set-status/{company_id}/{sector_id}/{user_id}: status; GET /channels?available=true.'),
    ).toEqual(['/set-status/{company_id}/{sector_id}/{user_id}', '/channels']);
  });

  it('every call of the spec §7 lists maps to routes of the OpenAPI document (or says why not)', async () => {
    const routes = openApiRouteSet(await buildOpenApiDocument());
    expect(routes.has('POST /api/set-status/{company_id}/{sector_id}/{user_id}')).toBe(true);
    const bullets = specCallBullets();
    expect(bullets.length).toBeGreaterThan(70);
    const map = loadCallsMap();
    expect(checkCalls(map, bullets, routes).problems).toEqual([]);

    // The check fails when a route disappears, a bullet loses its entry or a named path is left out.
    const first = map.bullets[0];
    if (!first) throw new Error('mapa vazio');
    const gone = new Set([...routes].filter((r) => r !== 'POST /api/attendances/{id}/messages'));
    expect(checkCalls(map, bullets, gone).problems.join('\n')).toContain(
      'POST /api/attendances/{id}/messages',
    );
    const withoutFirst = { bullets: map.bullets.slice(1) };
    expect(checkCalls(withoutFirst, bullets, routes).problems.join('\n')).toContain('sem entrada no mapa');
    const setStatus = map.bullets.find((b) => b.bullet.startsWith('- POST /set-status/'));
    if (!setStatus) throw new Error('sem set-status no mapa');
    const trimmed = {
      bullets: map.bullets.map((b) => (b === setStatus ? { ...b, calls: b.calls.slice(0, 1) } : b)),
    };
    expect(checkCalls(trimmed, bullets, routes).problems.join('\n')).toContain('/set-busy-client/');
  });
});

describe('spec coverage: the map', () => {
  it('reads the paths a map row names', () => {
    expect(mapPaths('| x | feito | `apps/web/src/app.tsx:12`, `e2e/a.spec.ts` |').map((p) => p.path)).toEqual(
      ['apps/web/src/app.tsx', 'e2e/a.spec.ts'],
    );
  });

  it('has every numbered section of the three documents, every path it names exists and no item is open', () => {
    expect(missingMapSections()).toEqual([]);
    expect(missingMapPaths()).toEqual([]);
    expect(openMapItems()).toEqual([]);
  });

  it('flags a missing section, a section without items and an open item', () => {
    const root = mkdtempSync(join(tmpdir(), 'spec-coverage-'));
    try {
      mkdirSync(join(root, 'docs'));
      cpSync(join(ROOT, 'docs', 'spec'), join(root, 'docs', 'spec'), { recursive: true });
      const row = (s: string) => `| x | ${s} | — | — |`;
      const sections = [1, 2, 3].flatMap((d) =>
        [1, 2, 3, 4, 5, 6, 7, 8, 9].map(
          (n) => `### ${d}.${n} t\n\n| item | estado | código | teste |\n${row('feito')}`,
        ),
      );
      const write = (parts: string[]) =>
        writeFileSync(join(root, 'docs', 'spec-coverage.md'), parts.join('\n\n'));
      write(sections);
      expect(missingMapSections(root)).toEqual([]);
      expect(openMapItems(root)).toEqual([]);
      write([
        ...sections.slice(1),
        '### 1.1 t',
        row('a fazer'),
        row('n.a.'),
        row('n.a. — não se aplica aqui'),
      ]);
      expect(missingMapSections(root)).toEqual([]);
      expect(openMapItems(root).length).toBe(2);
      write(sections.slice(1));
      expect(missingMapSections(root).join('\n')).toContain('falta a seção 1.1');
      write(['### 1.1 t', ...sections.slice(1)]);
      expect(missingMapSections(root).join('\n')).toContain('a seção 1.1 não tem itens');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
