import { MULTICHANNEL_MSG, type TMultichannelPublic } from '@prosa/shared/multichannel';
import { buttonIcon } from './button-icons';

/** HTML text and attribute escaping: every text of the page comes from a user. */
export function esc(v: string): string {
  return v.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The script that opens the web chat in place (served at HOTSITE_SCRIPT_PATH, 'self' under the page's CSP). */
export const HOTSITE_SCRIPT_PATH = '/hotsite/assets/hotsite.js';

const BASE_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1f2933}
.mc{max-width:480px;margin:0 auto;padding:40px 20px 80px;text-align:center}
.mc-logo{max-width:160px;max-height:120px;object-fit:contain;margin-bottom:16px}
.mc-title{font-size:26px;margin:0 0 12px}
.mc-welcome{color:var(--mc-welcome);font-size:18px;margin:0 0 8px}
.mc-greeting{color:var(--mc-greeting);margin:0 0 8px}
.mc-intro{margin:0 0 16px;white-space:pre-line}
.mc-buttons{display:flex;flex-direction:column;gap:12px;margin-top:24px}
.mc-btn{display:flex;align-items:center;gap:14px;width:100%;padding:14px 18px;border:0;border-radius:12px;
  background:var(--mc-buttons);color:var(--mc-buttons-text);text-decoration:none;font:inherit;text-align:left;
  cursor:pointer;box-shadow:0 2px 6px rgba(0,0,0,.12)}
.mc-btn:hover{filter:brightness(1.05)}
.mc-btn:focus-visible{outline:3px solid #1f2933;outline-offset:2px}
.mc-icon{display:flex;color:var(--mc-icons);flex:none}
.mc-text{display:flex;flex-direction:column}
.mc-label{font-weight:600;font-size:16px}
.mc-desc{font-size:13px;opacity:.9}
.mc-empty{color:#52606d}
`;

/** The public hotsite of a link (spec 2 §3 Multichannel link): server-rendered, no user text unescaped. */
export function hotsitePage(view: TMultichannelPublic, opts: { customCss: string; intro: string }): string {
  const customCss = opts.customCss;
  const c = view.colors;
  const vars = `:root{--mc-welcome:${c.welcome};--mc-greeting:${c.greeting};--mc-buttons:${c.buttons};--mc-buttons-text:${c.buttons_text};--mc-icons:${c.icons}}`;
  const buttons = view.buttons.map((b) => {
    const inner = `<span class="mc-icon" aria-hidden="true">${buttonIcon(b.type)}</span><span class="mc-text"><span class="mc-label">${esc(b.label)}</span>${b.description ? `<span class="mc-desc">${esc(b.description)}</span>` : ''}</span>`;
    const cls = `mc-btn mc-btn-${b.type}`;
    if (b.webchat_code)
      return `<button type="button" class="${cls}" data-webchat="${esc(b.webchat_code)}">${inner}</button>`;
    const href = b.href ?? '#';
    // Same tab for NewChat (opens in place); other sites in a new tab.
    const target =
      href.startsWith('/') || href.startsWith('mailto:') ? '' : ' target="_blank" rel="noopener noreferrer"';
    return `<a class="${cls}" href="${esc(href)}"${target}>${inner}</a>`;
  });
  const webchat = view.buttons.find((b) => b.webchat_code)?.webchat_code;
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(view.title)}</title>
<style>${vars}${BASE_CSS}</style>
${customCss ? `<style>${customCss}</style>` : ''}
</head>
<body>
<main class="mc">
${view.logo_url ? `<img class="mc-logo" src="${esc(view.logo_url)}" alt="${esc(view.title)}">` : ''}
<h1 class="mc-title">${esc(view.title)}</h1>
${view.welcome ? `<p class="mc-welcome">${esc(view.welcome)}</p>` : ''}
${view.greeting ? `<p class="mc-greeting">${esc(view.greeting)}</p>` : ''}
${opts.intro ? `<p class="mc-intro">${esc(opts.intro)}</p>` : ''}
<nav class="mc-buttons" aria-label="Canais de atendimento">
${buttons.join('\n')}
</nav>
${buttons.length === 0 ? '<p class="mc-empty">Nenhum canal disponível no momento.</p>' : ''}
</main>
${webchat ? `<script src="/webchat/${esc(encodeURIComponent(webchat))}.js" async></script>` : ''}
<script src="${HOTSITE_SCRIPT_PATH}" defer></script>
</body>
</html>`;
}

export function notFoundPage(): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${MULTICHANNEL_MSG.notFound}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1f2933;text-align:center;padding:80px 20px}</style>
</head>
<body><main><h1>${MULTICHANNEL_MSG.notFound}</h1><p>Verifique o endereço recebido ou fale com a empresa.</p></main></body>
</html>`;
}

/**
 * Opens the page's web chat in place: the widget listens to `prosa-webchat:open`; when it does not (an older
 * bundle), its launcher is clicked. The widget loads asynchronously, so the click waits for it a few seconds.
 */
export const HOTSITE_SCRIPT = `(function(){
  function panelOpen(root){var p=root.querySelector('.panel');return !!p&&!p.hidden;}
  function open(code,tries){
    var host=document.querySelector('prosa-webchat');var root=host&&host.shadowRoot;
    if(!root){if(tries<50)setTimeout(function(){open(code,tries+1);},100);return;}
    if(panelOpen(root))return;
    window.dispatchEvent(new CustomEvent('prosa-webchat:open',{detail:{code:code}}));
    setTimeout(function(){if(panelOpen(root))return;var l=root.querySelector('.launcher');if(l)l.click();},60);
  }
  document.addEventListener('click',function(e){
    var t=e.target;var b=t&&t.closest?t.closest('[data-webchat]'):null;
    if(!b)return;e.preventDefault();open(b.getAttribute('data-webchat'),0);
  });
})();
`;
