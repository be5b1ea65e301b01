import { AUTOCOMPLETE_MIN_CHARS } from '@prosa/shared/knowledge';

/** The '#term' typed at the caret: where it starts (the '#'), where it ends, and the term without '#'. */
export type THashTerm = { start: number; end: number; term: string };

const MAX_TERM = 60;
// '#' at the start or after a space or line break, then the characters typed up to the caret.
const BEFORE_CARET = /(^|\s)#([^\s#]*)$/u;
const AFTER_CARET = /^[^\s#]*/u;

/**
 * The ready-answer search being typed (spec 1 §5: '#' then at least 2 characters), or null. The term runs
 * from the '#' to the end of the word the caret is in, so a correction in the middle still finds it.
 */
export function hashTermAt(text: string, caret: number): THashTerm | null {
  const at = Math.max(0, Math.min(caret, text.length));
  const match = BEFORE_CARET.exec(text.slice(0, at));
  if (!match) return null;
  const typed = match[2] ?? '';
  const rest = AFTER_CARET.exec(text.slice(at))?.[0] ?? '';
  const term = typed + rest;
  if ([...term].length < AUTOCOMPLETE_MIN_CHARS || term.length > MAX_TERM) return null;
  const start = at - typed.length - 1;
  return { start, end: at + rest.length, term };
}

/**
 * The text with a ready answer put in: in place of the '#term' when there is one, else at the caret (a
 * space keeps it apart from a word right before it). Answers the new text and the caret after the answer.
 */
export function insertAnswer(
  text: string,
  answer: string,
  where: { hash: THashTerm | null; caret: number },
): { text: string; caret: number } {
  if (where.hash) {
    const { start, end } = where.hash;
    return { text: text.slice(0, start) + answer + text.slice(end), caret: start + answer.length };
  }
  const at = Math.max(0, Math.min(where.caret, text.length));
  const before = text.slice(0, at);
  const gap = before !== '' && !/\s$/.test(before) ? ' ' : '';
  return { text: before + gap + answer + text.slice(at), caret: at + gap.length + answer.length };
}
