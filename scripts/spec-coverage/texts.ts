// Spec texts check (issue 24): every quoted Portuguese text of docs/spec/*.md must appear in the product's source.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const SPEC_DIR = join(ROOT, 'docs', 'spec');
export const SPEC_FILES = ['1-live-attendance.md', '2-administration.md', '3-back-office.md'];

export type SpecText = { text: string; file: string; line: number };

/**
 * Quoted strings that pass the user-text rule but are not user texts (names, keys, values of the legacy
 * product), with the reason. Compared after extraction, exact text.
 */
export const NOT_USER_TEXTS: Record<string, string> = {
  // English words the spec quotes to name a thing it describes; the screens say it in Portuguese.
  'client not responding': 'spec 1 §5: name of the auto-distribution option (screen: "Cliente não responde")',
  'Viewed by': 'spec 1 §6: name of the list (screen: "Visualizado por")',
  'not interested': 'spec 2 §6: name of notification model 2 (screen: "Não tenho interesse")',
  'active sending via panel': 'spec 2 §6: name of the permission (screen: "Envio de ativo pelo painel")',
  All: 'spec 3 §4: the permissions matrix \'All\' checkbox (screen: "Todos")',
  'not shown': 'spec 3 §7: the spec saying a path is unknown',
};

/**
 * Quoted strings the rule would skip (lowercase single words) but that ARE user texts of the spec, so they
 * are checked too.
 */
export const FORCED_USER_TEXTS = new Set<string>(['usuário']);

/**
 * Texts another helper is adding right now (media control, issue 24 "tabs-b"); listed so the check stays
 * green until their commit lands. Remove an entry as soon as the text is in the code.
 */
export const PENDING_TEXTS = new Set<string>([]);

/** The rule of a user text: a space, or a final punctuation mark, or a capitalised word ("Gestor"). */
export function looksLikeUserText(s: string): boolean {
  if (FORCED_USER_TEXTS.has(s)) return true;
  if (s in NOT_USER_TEXTS) return false;
  if (/\s/.test(s.trim())) return true;
  if (/[.!?:)]$/.test(s)) return true;
  return /^[A-ZÀ-Ý][a-zà-ÿ]/.test(s);
}

// A single-quoted text opens after a space or bracket and closes before a space, punctuation or end of line;
// a capitalised word quoted inside it ('Contato informado no campo 'Telefone' é inválido.') stays inside.
const SINGLE = /(?<=^|[\s([{,])'((?:[^'\n]|'[A-ZÀ-Ý][a-zà-ÿ]+')+?)'(?=[\s).,;:\]]|$)/g;
// A double-quoted text, with \" escapes inside (spec 2 quotes its texts this way).
const DOUBLE = /"((?:[^"\\\n]|\\.)+)"/g;

/** Every quoted text of one spec document, with its line, in order. */
export function extractQuoted(markdown: string, file: string): SpecText[] {
  const out: SpecText[] = [];
  const lines = markdown.split('\n');
  lines.forEach((lineText, i) => {
    // Code spans (`...`) hold names, not texts.
    const clean = lineText.replace(/`[^`]*`/g, '``');
    for (const re of [SINGLE, DOUBLE]) {
      for (const m of clean.matchAll(re)) {
        const text = (m[1] ?? '').replace(/\\"/g, '"').trim();
        if (text) out.push({ text, file, line: i + 1 });
      }
    }
  });
  return out;
}

/** The spec's user texts, one entry per distinct text (first place it is quoted). */
export function specTexts(specDir = SPEC_DIR): SpecText[] {
  const seen = new Map<string, SpecText>();
  for (const file of SPEC_FILES) {
    const md = readFileSync(join(specDir, file), 'utf8');
    for (const t of extractQuoted(md, `docs/spec/${file}`)) {
      if (!looksLikeUserText(t.text)) continue;
      if (!seen.has(t.text)) seen.set(t.text, t);
    }
  }
  return [...seen.values()];
}

const SOURCE_ROOTS = ['apps', 'packages'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', 'test', 'migrations', 'test-results']);

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) walk(path, out);
    else if (/\.(ts|tsx|html)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      out.push(path);
  }
}

/** The product's source files (apps and packages, no tests, no node_modules). */
export function sourceFiles(root = ROOT): string[] {
  const out: string[] = [];
  for (const r of SOURCE_ROOTS) walk(join(root, r), out);
  return out.map((p) => relative(root, p));
}

/** One line per file, whitespace collapsed and quote escapes removed, so a text wrapped in JSX is found. */
export function sourceCorpus(root = ROOT): string {
  return sourceFiles(root)
    .map((f) =>
      readFileSync(join(root, f), 'utf8')
        .replace(/\\(['"`])/g, '$1')
        .replace(/\s+/g, ' '),
    )
    .join('\n');
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A text with placeholders ("..." or a lone X, as 'E-mail X inválido!') is a pattern: its fixed parts in order,
 * anything (a `${...}` or a value) in between, on one line of one file.
 */
export function textPattern(text: string): RegExp | null {
  const parts = text.split(/\.\.\.|(?<=^|\s|\()X(?=\s|$|\))/);
  if (parts.length === 1) return null;
  // A leading or trailing placeholder only says the text goes on: the fixed parts are what is checked.
  if (parts[0] === '') parts.shift();
  if (parts.at(-1) === '') parts.pop();
  const fixed = parts.map((p) => escapeRe(p.replace(/\s+/g, ' ')));
  // The placeholder is a value or a `${...}` inside the same string: no quote, no comment's "…" quoting the spec.
  return new RegExp(fixed.join('(?!…)[^\\n\'"`]{1,120}?'));
}

export function isPresent(text: string, corpus: string): boolean {
  const normal = text.replace(/\s+/g, ' ');
  if (corpus.includes(normal)) return true;
  const re = textPattern(text);
  return re ? re.test(corpus) : false;
}

export type TextCheck = { checked: SpecText[]; missing: SpecText[]; pending: SpecText[] };

export function checkTexts(root = ROOT): TextCheck {
  const corpus = sourceCorpus(root);
  const checked = specTexts(join(root, 'docs', 'spec'));
  const absent = checked.filter((t) => !isPresent(t.text, corpus));
  return {
    checked,
    missing: absent.filter((t) => !PENDING_TEXTS.has(t.text)),
    pending: absent.filter((t) => PENDING_TEXTS.has(t.text)),
  };
}
