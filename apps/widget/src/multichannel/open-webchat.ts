/**
 * Opens a web chat on the page: loads its script once (/webchat/<code>.js from the same server), then asks it to
 * open (`prosa-webchat:open`); a widget that does not listen is opened by clicking its launcher.
 */
export function openWebchat(base: string, code: string): void {
  const src = `${base}/webchat/${encodeURIComponent(code)}.js`;
  if (!Array.from(document.scripts).some((s) => s.src === src)) {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    document.body.appendChild(script);
  }
  const panelOpen = (root: ShadowRoot) => {
    const panel = root.querySelector<HTMLElement>('.panel');
    return !!panel && !panel.hidden;
  };
  const attempt = (tries: number) => {
    const root = document.querySelector('prosa-webchat')?.shadowRoot;
    if (!root) {
      if (tries < 100) setTimeout(() => attempt(tries + 1), 100);
      return;
    }
    if (panelOpen(root)) return;
    window.dispatchEvent(new CustomEvent('prosa-webchat:open', { detail: { code } }));
    setTimeout(() => {
      if (!panelOpen(root)) root.querySelector<HTMLElement>('.launcher')?.click();
    }, 60);
  };
  attempt(0);
}
