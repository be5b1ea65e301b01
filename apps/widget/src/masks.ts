/**
 * Simple input masks of the form fields: `9` is a digit, `A` a letter, `*` a letter or digit; anything else is
 * a literal. Alternatives are separated by `|` (e.g. `(99) 9999-9999|(99) 99999-9999`): the shortest one
 * that fits what was typed is used.
 */

const SLOTS: Record<string, RegExp> = { '9': /\d/, A: /[A-Za-z]/, '*': /[A-Za-z0-9]/ };
const SIGNIFICANT = /[A-Za-z0-9]/;

const isSlot = (c: string) => c in SLOTS;

export function slotCount(mask: string): number {
  let n = 0;
  for (const c of mask) if (isSlot(c)) n++;
  return n;
}

/** Letters and digits the visitor typed: what the mask arranges. */
export function significantChars(value: string): string {
  let out = '';
  for (const c of value) if (SIGNIFICANT.test(c)) out += c;
  return out;
}

/** The alternative of `masks` for this value: the shortest that holds it, else the longest. */
export function pickMask(masks: string, value: string): string {
  const options = masks
    .split('|')
    .map((m) => m.trim())
    .filter((m) => slotCount(m) > 0)
    .sort((a, b) => slotCount(a) - slotCount(b));
  if (options.length === 0) return '';
  const length = significantChars(value).length;
  return options.find((m) => slotCount(m) >= length) ?? options[options.length - 1] ?? '';
}

/** Whether every slot of the masks takes only digits (numeric keyboard on phones). */
export function isDigitMask(masks: string): boolean {
  let slots = 0;
  for (const c of masks) {
    if (c === 'A' || c === '*') return false;
    if (c === '9') slots++;
  }
  return slots > 0;
}

/** `value` arranged by the mask: extra or unfitting characters are dropped, literals follow typed input. */
export function applyMask(masks: string, value: string): string {
  const mask = pickMask(masks, value);
  if (!mask) return value;
  const raw = significantChars(value);
  let out = '';
  let i = 0;
  for (const m of mask) {
    if (i >= raw.length) break;
    const slot = SLOTS[m];
    if (!slot) {
      out += m;
      // A typed character equal to an alphanumeric literal is that literal.
      if (raw[i] === m) i++;
      continue;
    }
    // Skip what does not fit the slot (a letter where a digit goes).
    while (i < raw.length && !slot.test(raw[i] ?? '')) i++;
    const c = raw[i];
    if (c === undefined) break;
    out += c;
    i++;
  }
  // Literals left hanging at the end (e.g. "(11) ") would block the backspace.
  while (out.length > 0 && !SIGNIFICANT.test(out[out.length - 1] ?? '')) out = out.slice(0, -1);
  return out;
}

/** Caret position in `formatted` after `count` significant characters (to keep the caret while typing). */
export function caretAfter(formatted: string, count: number): number {
  if (count <= 0) {
    // Before the first significant char, but after leading literals such as "(".
    const first = formatted.search(SIGNIFICANT);
    return first < 0 ? formatted.length : first;
  }
  let seen = 0;
  for (let p = 0; p < formatted.length; p++) {
    if (SIGNIFICANT.test(formatted[p] ?? '')) {
      seen++;
      if (seen === count) return p + 1;
    }
  }
  return formatted.length;
}
