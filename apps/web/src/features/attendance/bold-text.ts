export type TTextPart = { text: string; bold: boolean };

// WhatsApp-style bold: an asterisk pair around text that neither starts nor ends with a space, not glued to
// a word or another asterisk on the outside ("2*3*4" and "a * b *" stay as they are).
const BOLD = /(?<![\p{L}\p{N}*])\*(\S(?:[^*\n]*?\S)?)\*(?![\p{L}\p{N}*])/gu;

/** Splits a message into plain and bold parts, so it can be shown as React elements and never as HTML. */
export function splitBold(text: string): TTextPart[] {
  const parts: TTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(BOLD)) {
    const start = match.index;
    const inner = match[1] ?? '';
    if (start > last) parts.push({ text: text.slice(last, start), bold: false });
    parts.push({ text: inner, bold: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), bold: false });
  return parts;
}
