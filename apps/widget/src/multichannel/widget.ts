import type { TMultichannelPublic, TMultichannelPublicButton } from '@prosa/shared/multichannel';
import { el } from '../dom';
import { resolveHref } from './boot';
import { icon } from './icons';
import { openWebchat } from './open-webchat';
import { widgetCss } from './styles';

const HOST_TAG = 'prosa-multichannel';

/** The floating button and its panel with the link's channel buttons, in a Shadow DOM at the end of <body>. */
export function mountWidget(data: TMultichannelPublic, base: string): void {
  const host = document.createElement(HOST_TAG);
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.appendChild(el('style', {}, widgetCss(data.colors)));

  const panelId = 'pm-panel';
  const launcher = el('button', {
    type: 'button',
    class: 'launcher',
    'aria-label': 'Abrir canais de atendimento',
    'aria-controls': panelId,
    'aria-expanded': 'false',
  });
  launcher.appendChild(icon('open', 28));
  const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Fechar' });
  close.appendChild(icon('close', 18));
  const logo = data.logo_url ? resolveHref(data.logo_url, base) : null;
  const panel = el(
    'div',
    { class: 'panel', id: panelId, role: 'dialog', 'aria-label': data.title, hidden: true },
    close,
    logo ? el('img', { class: 'logo', src: logo, alt: data.title }) : null,
    el('p', { class: 'title' }, data.title),
    data.welcome ? el('p', { class: 'welcome' }, data.welcome) : null,
    data.greeting ? el('p', { class: 'greeting' }, data.greeting) : null,
    el('div', { class: 'buttons' }, ...data.buttons.map((b) => channelButton(b))),
  );
  const root = el('div', { class: 'root' }, panel, launcher);
  shadow.appendChild(root);
  document.body.appendChild(host);

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    launcher.setAttribute(
      'aria-label',
      open ? 'Fechar canais de atendimento' : 'Abrir canais de atendimento',
    );
    launcher.replaceChildren(icon(open ? 'close' : 'open', open ? 24 : 28));
  };
  launcher.addEventListener('click', () => setOpen(panel.hidden));
  close.addEventListener('click', () => setOpen(false));

  function channelButton(b: TMultichannelPublicButton): HTMLButtonElement {
    const iconBox = el('span', { class: 'icon' });
    iconBox.appendChild(icon(b.type));
    const btn = el(
      'button',
      { type: 'button', class: `btn btn-${b.type}` },
      iconBox,
      el(
        'span',
        { class: 'text' },
        el('span', { class: 'label' }, b.label),
        b.description ? el('span', { class: 'desc' }, b.description) : null,
      ),
    );
    btn.addEventListener('click', () => {
      if (b.webchat_code) {
        setOpen(false);
        // The web chat's launcher takes this corner: the multichannel button moves up.
        root.classList.add('raised');
        openWebchat(base, b.webchat_code);
        return;
      }
      const href = b.href ? resolveHref(b.href, base) : null;
      if (!href) return;
      if (href.startsWith('mailto:')) window.location.href = href;
      else window.open(href, '_blank', 'noopener');
    });
    return btn;
  }
}
