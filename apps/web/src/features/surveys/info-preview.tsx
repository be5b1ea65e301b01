import { createElement, type ReactNode } from 'react';

// The live preview of the information while the admin types it: the HTML is parsed in an inert document
// (DOMParser runs no script, loads nothing) and rebuilt as React elements from the same allow-list the server keeps
// (modules/surveys/sanitize-info.ts), so nothing the admin types is ever injected as raw HTML.

const TAGS = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'img']);
const HTTP = /^https?:\/\//i;

function rebuild(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  const children = [...el.childNodes].map((c, i) => rebuild(c, `${key}.${i}`));
  if (['script', 'style', 'textarea', 'noscript', 'title'].includes(tag)) return null;
  if (!TAGS.has(tag)) return children;
  if (tag === 'img') {
    const src = el.getAttribute('src') ?? '';
    return HTTP.test(src) ? createElement('img', { key, src, alt: el.getAttribute('alt') ?? '' }) : null;
  }
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = el.getAttribute('href') ?? '';
    return HTTP.test(href)
      ? createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' }, children)
      : createElement('a', { key }, children);
  }
  return createElement(tag, { key }, children);
}

export function InfoPreview({ html }: { html: string }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return <>{[...doc.body.childNodes].map((n, i) => rebuild(n, String(i)))}</>;
}
