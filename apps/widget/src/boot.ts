/** Where the widget was loaded from: the code the server put before the bundle and the server's address. */

const CODE_RE = /^[A-Za-z0-9_-]{4,40}$/;

/** The Prosa server behind the script: API calls go to `base`, the socket to `origin` on `socketPath`. */
export type ServerLocation = { origin: string; base: string; socketPath: string };

/** The `window.__PROSA_WEBCHAT__` object the server prepends: only a well-formed code is accepted. */
export function readBootCode(boot: unknown): string | null {
  if (typeof boot !== 'object' || boot === null || !('code' in boot)) return null;
  const code = boot.code;
  return typeof code === 'string' && CODE_RE.test(code) ? code : null;
}

/**
 * The server from the `src` of the script that loaded the widget (`…/webchat/<code>.js`). Async scripts have
 * no `document.currentScript`, so every script's src is checked. A path before /webchat (a reverse proxy
 * prefix) is kept for the API and the socket path.
 */
export function locateServer(code: string, scriptSrcs: Iterable<string>): ServerLocation | null {
  const suffix = `/webchat/${code}.js`;
  for (const src of scriptSrcs) {
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    if (!url.pathname.endsWith(suffix)) continue;
    const prefix = url.pathname.slice(0, -suffix.length);
    return { origin: url.origin, base: url.origin + prefix, socketPath: `${prefix}/socket.io` };
  }
  return null;
}
