import { el } from './dom';
import { ACCEPT_TERMS, FINISH_BUTTON, type NewchatConfig, safeLink } from './newchat-logic';
import { STYLES } from './styles';

// The full page of a NewChat: header (icon, title, description, finish), the body (terms + form, or the
// conversation) and the footer, in a shadow root with the widget's stylesheet plus the page layout.
const PAGE_STYLES = `
.nc { position: fixed; inset: 0; display: flex; justify-content: center; background: #e9ecef; }
.nc-app { width: 100%; max-width: 760px; height: 100%; display: flex; flex-direction: column; background: #fff; box-shadow: 0 0 24px rgba(0,0,0,.08); }
.nc-header { padding: 14px 18px; }
.nc-icon { width: 44px; height: 44px; border-radius: 10px; object-fit: cover; background: #fff; flex: none; }
.nc-heading { flex: 1; min-width: 0; }
.nc-title { margin: 0; font-size: 18px; font-weight: 700; line-height: 1.25; }
.nc-desc { margin: 2px 0 0; font-size: 13px; opacity: .9; }
.nc-finish { flex: none; height: 34px; padding: 0 14px; border-radius: 17px; border: 1px solid currentColor; background: transparent; color: inherit; font-weight: 600; }
.nc-finish:hover { background: rgba(255,255,255,.18); }
.nc-footer { flex: none; padding: 8px 12px; text-align: center; font-size: 12px; color: #52606d; border-top: 1px solid #e4e7eb; }
.nc-footer a { color: inherit; }
.nc-terms { margin: 12px 0; padding: 12px; border: 1px solid #dde1e6; border-radius: 10px; background: #f8f9fa; }
.nc-terms-text { max-height: 180px; overflow-y: auto; margin: 0 0 10px; white-space: pre-wrap; font-size: 13px; }
.nc-terms label { display: flex; gap: 8px; align-items: center; font-size: 14px; }
.nc-terms a { color: var(--pw-color); font-weight: 600; }
@media (max-width: 480px) { .nc-desc { display: none; } }
`;

export type NewchatLayout = {
  host: HTMLElement;
  setBody(node: HTMLElement): void;
  showFinish(show: boolean, onClick?: () => void): void;
};

export function buildNewchatLayout(c: NewchatConfig): NewchatLayout {
  const host = document.createElement('prosa-newchat');
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLES + PAGE_STYLES;
  const finish = el('button', { type: 'button', class: 'nc-finish', hidden: true }, FINISH_BUTTON);
  const header = el(
    'header',
    { class: 'header nc-header' },
    c.img192 ? el('img', { class: 'nc-icon', src: c.img192, alt: '' }) : null,
    el(
      'div',
      { class: 'nc-heading' },
      el('h1', { class: 'nc-title' }, c.title),
      c.description ? el('p', { class: 'nc-desc' }, c.description) : null,
    ),
    finish,
  );
  const body = el('main', { class: 'body' }, el('p', { class: 'status' }, 'Carregando…'));
  const link = safeLink(c.footerUrl);
  const footer = c.footerText
    ? el(
        'footer',
        { class: 'nc-footer' },
        link
          ? el('a', { href: link, target: '_blank', rel: 'noopener noreferrer' }, c.footerText)
          : c.footerText,
      )
    : null;
  const root = el('div', { class: 'root nc' }, el('div', { class: 'nc-app' }, header, body, footer));
  root.style.setProperty('--pw-color', c.baseColor);
  root.style.setProperty('--pw-fg', '#ffffff');
  shadow.append(style, root);
  let handler: (() => void) | undefined;
  finish.addEventListener('click', () => handler?.());
  return {
    host,
    setBody(node) {
      body.replaceChildren(node);
    },
    showFinish(show, onClick) {
      finish.hidden = !show;
      handler = onClick;
    },
  };
}

/** The terms of use to accept before starting: their text, or their title linking the PDF. */
export function buildTerms(c: NewchatConfig): { element: HTMLElement; accepted(): boolean } {
  const box = el('input', { type: 'checkbox', id: 'nc-accept' });
  const doc =
    c.termsOfUseType === 'file'
      ? el(
          'p',
          { class: 'nc-terms-text' },
          c.termsOfUseFile
            ? el(
                'a',
                { href: c.termsOfUseFile, target: '_blank', rel: 'noopener noreferrer' },
                c.termsOfUseTitle,
              )
            : c.termsOfUseTitle,
        )
      : el('div', { class: 'nc-terms-text', tabindex: '0' }, c.termsOfUseText);
  const element = el('div', { class: 'nc-terms' }, doc, el('label', { for: 'nc-accept' }, box, ACCEPT_TERMS));
  return { element, accepted: () => box.checked };
}
