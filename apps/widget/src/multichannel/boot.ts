/** Where the multichannel widget was loaded from: the hash the server put before the bundle and the server. */

const HASH_RE = /^[A-Za-z0-9_-]{8,64}$/;

/** The `window.__PROSA_MULTICHANNEL__` object the server prepends: only a well-formed hash is accepted. */
export function readBootHash(boot: unknown): string | null {
  if (typeof boot !== 'object' || boot === null || !('hash' in boot)) return null;
  const hash = boot.hash;
  return typeof hash === 'string' && HASH_RE.test(hash) ? hash : null;
}

/** The server's base URL from the src of `…/multichannel/<hash>.js` (a proxy prefix before it is kept). */
export function locateBase(hash: string, scriptSrcs: Iterable<string>): string | null {
  const suffix = `/multichannel/${hash}.js`;
  for (const src of scriptSrcs) {
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    if (!url.pathname.endsWith(suffix)) continue;
    return url.origin + url.pathname.slice(0, -suffix.length);
  }
  return null;
}

/** Server paths (/newchat/…, the logo) made absolute; other sites' links only when http(s), mailto or ftp. */
export function resolveHref(href: string, base: string): string | null {
  if (href.startsWith('/')) return base + href;
  return /^(https?|ftp|mailto):/i.test(href) ? href : null;
}
