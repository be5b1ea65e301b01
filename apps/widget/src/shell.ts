import { el } from './dom';
import { chatIcon, closeIcon } from './icons';
import { STYLES } from './styles';
import type { WebchatConfig } from './types';

export type Shell = {
  host: HTMLElement;
  setBody(node: HTMLElement): void;
  setOpen(open: boolean): void;
  setUnread(count: number): void;
};

const HOST_TAG = 'prosa-webchat';

export function launcherLabel(open: boolean, unread: number): string {
  if (open) return 'Fechar conversa';
  if (unread === 1) return 'Abrir conversa (1 mensagem nova)';
  return unread > 1 ? `Abrir conversa (${unread} mensagens novas)` : 'Abrir conversa';
}

/**
 * The launcher and the panel, inside a Shadow DOM on a custom element at the end of <body>, so the site's CSS
 * and the widget's never mix.
 */
export function buildShell(config: WebchatConfig, on: { toggle(): void; close(): void }): Shell {
  const host = document.createElement(HOST_TAG);
  host.setAttribute('data-code', config.code);
  host.style.setProperty('all', 'initial');
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLES;

  const badge = el('span', { class: 'badge', 'aria-hidden': 'true', hidden: true });
  const launcherIcon = el('span', { 'aria-hidden': 'true', style: 'display:flex' }, chatIcon());
  const launcher = el(
    'button',
    {
      type: 'button',
      class: 'launcher',
      'aria-label': launcherLabel(false, 0),
      'aria-expanded': 'false',
      'aria-controls': 'pw-panel',
    },
    launcherIcon,
    badge,
  );
  const closeButton = el(
    'button',
    { type: 'button', class: 'icon-btn', 'aria-label': 'Fechar' },
    closeIcon(),
  );
  const logo = config.logo_url ? el('img', { class: 'logo', src: config.logo_url, alt: '' }) : null;
  const header = el(
    'div',
    { class: 'header' },
    logo,
    el('h2', { class: 'title', id: 'pw-title' }, config.title),
    closeButton,
  );
  const body = el('div', { class: 'body' }, el('p', { class: 'status' }, 'Carregando…'));
  const panel = el(
    'section',
    { class: 'panel', id: 'pw-panel', role: 'dialog', 'aria-labelledby': 'pw-title', hidden: true },
    header,
    body,
  );
  const root = el('div', { class: 'root' }, panel, launcher);
  root.style.setProperty('--pw-color', config.color);
  root.style.setProperty('--pw-fg', config.font_color);
  shadow.append(style, root);

  launcher.addEventListener('click', () => on.toggle());
  closeButton.addEventListener('click', () => on.close());
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      on.close();
    }
  });

  let open = false;
  let unread = 0;
  const label = () => launcher.setAttribute('aria-label', launcherLabel(open, unread));

  return {
    host,
    setBody(node) {
      body.replaceChildren(node);
    },
    setOpen(next) {
      const wasOpen = open;
      open = next;
      panel.hidden = !open;
      root.classList.toggle('open', open);
      launcher.setAttribute('aria-expanded', String(open));
      launcherIcon.replaceChildren(open ? closeIcon(26) : chatIcon());
      label();
      // Back to the launcher when the panel closes with the focus inside it.
      if (wasOpen && !open && shadow.activeElement && shadow.activeElement !== launcher) launcher.focus();
    },
    setUnread(count) {
      unread = count;
      badge.textContent = count > 9 ? '9+' : String(count);
      badge.hidden = count === 0;
      label();
    },
  };
}
