import type { TMessage } from '@prosa/shared/attendance';

// An e-mail as the chat shows it (metadata.email of an em_ message): its subject, who wrote and who else got it,
// and its HTML (sanitized by the server when it arrived) split into the new part and the quoted history.

export type TEmailView = {
  subject: string;
  from: string;
  cc: string[];
  html: string | null;
};

const obj = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const addr = (v: unknown) => {
  const a = obj(v);
  if (!a || typeof a.address !== 'string') return '';
  return typeof a.name === 'string' && a.name ? `${a.name} <${a.address}>` : a.address;
};

export function emailOf(message: Pick<TMessage, 'metadata'>): TEmailView | null {
  const e = obj(message.metadata.email);
  if (!e) return null;
  return {
    subject: typeof e.subject === 'string' ? e.subject : '',
    from: addr(e.from),
    cc: Array.isArray(e.cc) ? e.cc.map(addr).filter(Boolean) : [],
    html: typeof e.html === 'string' && e.html ? e.html : null,
  };
}

/** Plain text: the new part, and the quoted history (from "Em …escreveu:", "On … wrote:" or "> " lines on). */
export function splitQuotedText(text: string): { body: string; history: string } {
  const lines = text.split('\n');
  const at = lines.findIndex(
    (l, i) =>
      /^\s*(Em|On)\s.+(escreveu|wrote)\s*:\s*$/i.test(l) ||
      /^-{2,}\s*(Original Message|Mensagem original)\s*-{2,}/i.test(l) ||
      (l.startsWith('>') && lines.slice(i).every((x) => x.startsWith('>') || x.trim() === '')),
  );
  if (at <= 0) return { body: text, history: '' };
  return { body: lines.slice(0, at).join('\n').trimEnd(), history: lines.slice(at).join('\n') };
}

const QUOTE_SELECTOR =
  'div.gmail_quote, blockquote, div.yahoo_quoted, #appendonsend, div[id^="divRplyFwdMsg"]';

/** HTML: the new part and the quoted history (the first quote block and what follows it), both still sanitized. */
export function splitQuotedHtml(html: string): { body: string; history: string } {
  const doc = new DOMParser().parseFromString(`<div id="root">${html}</div>`, 'text/html');
  const root = doc.getElementById('root');
  const quote = root?.querySelector(QUOTE_SELECTOR);
  if (!root || !quote) return { body: html, history: '' };
  // The quote, and everything after it at its level and above, is history.
  const history = doc.createElement('div');
  let node: Element | null = quote;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    let next = node.nextSibling;
    if (node === quote) history.appendChild(node);
    while (next) {
      const after = next.nextSibling;
      history.appendChild(next);
      next = after;
    }
    node = parent;
  }
  return { body: root.innerHTML, history: history.innerHTML };
}
