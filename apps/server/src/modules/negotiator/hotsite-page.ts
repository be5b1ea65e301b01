import { fillPhrase, NEGOTIATOR_MSG, phraseText, type TNegotiatorPhrases } from '@prosa/shared/negotiator';
import { esc } from '../multichannel/hotsite-page';

// The negotiator's public hotsite page (/negociar/<hash>): server-rendered, every text escaped, no inline script
// (the page's CSP allows scripts from 'self' only: the behaviour is NEGOTIATOR_HOTSITE_SCRIPT_PATH).

export const NEGOTIATOR_HOTSITE_SCRIPT_PATH = '/negociar/assets/hotsite.js';

/** Only our own stored images (same origin, CSP img-src 'self'); the path is also safe inside CSS url(""). */
const OWN_IMAGE = /^\/[A-Za-z0-9/_.-]{1,300}$/;

export function ownImage(url: unknown): string | null {
  return typeof url === 'string' && OWN_IMAGE.test(url) && !url.startsWith('//') ? url : null;
}

const CSS = `
*{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%;min-height:100%;
  background:#0f4c81 linear-gradient(160deg,#0f4c81 0%,#1c7ed6 55%,#e7f5ff 100%) no-repeat;background-size:cover;
  background-position:center}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933}
.ng{max-width:560px;margin:0 auto;padding:24px 16px 48px}
.ng-card{background:rgba(255,255,255,.97);border-radius:18px;padding:24px 20px;box-shadow:0 10px 30px rgba(15,40,80,.25)}
.ng-logo{display:block;max-width:180px;max-height:84px;object-fit:contain;margin:0 auto 16px}
.ng-title{font-size:24px;line-height:1.25;margin:0 0 8px;text-align:center}
.ng-intro{margin:0 0 20px;text-align:center;color:#52606d;white-space:pre-line}
.ng-form{display:flex;flex-direction:column;gap:8px}
.ng-label{font-weight:600;font-size:14px}
.ng-input{width:100%;font:inherit;font-size:20px;letter-spacing:.5px;padding:12px 14px;border:1px solid #cbd2d9;
  border-radius:10px;background:#fff}
.ng-input:focus{outline:3px solid #a5d8ff;border-color:#1c7ed6}
.ng-btn{display:flex;align-items:center;justify-content:center;gap:8px;width:100%;min-height:48px;padding:12px 18px;
  border:0;border-radius:10px;background:#1c7ed6;color:#fff;font:inherit;font-weight:600;font-size:16px;
  text-decoration:none;cursor:pointer}
.ng-btn:hover{filter:brightness(1.07)}
.ng-btn:focus-visible{outline:3px solid #1f2933;outline-offset:2px}
.ng-btn[disabled]{opacity:.55;cursor:not-allowed}
.ng-btn-light{background:#f1f3f5;color:#1f2933}
.ng-btn-green{background:#2f9e44}
.ng-alert{margin:12px 0 0;padding:10px 12px;border-radius:10px;background:#fff5f5;color:#c92a2a;font-size:15px}
.ng-alert:empty{display:none}
.ng-section{margin-top:24px}
.ng-h2{font-size:18px;margin:0 0 12px}
.ng-debts{list-style:none;margin:0 0 20px;padding:0;display:flex;flex-direction:column;gap:8px}
.ng-debt{border:1px solid #e4e7eb;border-radius:12px;padding:12px 14px;background:#f8f9fa}
.ng-debt-title{font-weight:600}
.ng-debt-meta{font-size:14px;color:#52606d;margin-top:2px}
.ng-offers{border:0;margin:0 0 16px;padding:0;display:flex;flex-direction:column;gap:10px}
.ng-offer{display:flex;align-items:center;gap:12px;border:2px solid #dee2e6;border-radius:12px;padding:14px;
  cursor:pointer;background:#fff}
.ng-offer:has(input:checked){border-color:#1c7ed6;background:#e7f5ff}
.ng-offer input{width:20px;height:20px;accent-color:#1c7ed6;flex:none}
.ng-offer-text{display:flex;flex-direction:column}
.ng-offer-label{font-weight:600}
.ng-offer-debt{font-size:13px;color:#52606d}
.ng-offer-amount{margin-left:auto;font-weight:700;font-size:17px;white-space:nowrap}
.ng-actions{display:flex;flex-direction:column;gap:10px}
.ng-slip-facts{display:grid;grid-template-columns:1fr 1fr;gap:12px;margin:0 0 16px}
.ng-fact{background:#f8f9fa;border-radius:12px;padding:12px}
.ng-fact dt{font-size:13px;color:#52606d}
.ng-fact dd{margin:2px 0 0;font-size:18px;font-weight:700}
.ng-line{display:block;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:15px;
  overflow-wrap:anywhere;background:#f1f3f5;border-radius:10px;padding:12px;margin:4px 0 10px}
.ng-ok{color:#2b8a3e;font-weight:600;margin:0 0 16px}
.ng-done{text-align:center;color:#52606d}
.ng-foot{text-align:center;color:rgba(255,255,255,.9);font-size:12px;margin-top:16px}
@media (min-width:720px){.ng{padding-top:56px}.ng-card{padding:32px}.ng-title{font-size:28px}
  .ng-actions{flex-direction:row-reverse}}
`;

export type HotsitePageInput = {
  hash: string;
  companyName: string;
  /** The negotiator's name, shown under the card beside the company's. */
  negotiatorName: string;
  phrases: Partial<TNegotiatorPhrases>;
  body: { bgimage?: unknown; logo_image?: unknown };
};

/** The hotsite of a negotiator: title, intro, the document field; the rest is filled by the script. */
export function negotiatorHotsitePage(input: HotsitePageInput): string {
  const p = (key: string) =>
    esc(fillPhrase(phraseText(input.phrases, 'hotsite', key), { empresa: input.companyName }));
  const bg = ownImage(input.body.bgimage);
  const logo = ownImage(input.body.logo_image);
  const bgCss = bg
    ? `body{background-image:linear-gradient(rgba(15,40,80,.35),rgba(15,40,80,.35)),url("${bg}")}`
    : '';
  const title = p('title');
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${CSS}${bgCss}</style>
</head>
<body>
<main class="ng" id="negociar" data-hash="${esc(input.hash)}">
<div class="ng-card">
${logo ? `<img class="ng-logo" src="${esc(logo)}" alt="${esc(input.companyName)}">` : ''}
<h1 class="ng-title">${title}</h1>
<p class="ng-intro">${p('intro')}</p>
<form class="ng-form" id="ng-document-form" novalidate>
<label class="ng-label" for="ng-document">${p('document_label')}</label>
<input class="ng-input" id="ng-document" name="document" inputmode="numeric" autocomplete="off" maxlength="18" placeholder="000.000.000-00" required>
<button class="ng-btn" type="submit" id="ng-consult">${p('consult_button')}</button>
<p class="ng-alert" id="ng-document-error" role="alert"></p>
</form>
<section class="ng-section" id="ng-debts" hidden aria-labelledby="ng-debts-title">
<h2 class="ng-h2" id="ng-debts-title"></h2>
<ul class="ng-debts" id="ng-debt-list"></ul>
<form id="ng-offer-form" novalidate>
<fieldset class="ng-offers" id="ng-offer-list">
<legend class="ng-h2">${p('offers_title')}</legend>
</fieldset>
<div class="ng-actions">
<button class="ng-btn ng-btn-green" type="submit" id="ng-issue" disabled>${p('issue_button')}</button>
<button class="ng-btn ng-btn-light" type="button" id="ng-decline">${p('decline_button')}</button>
</div>
<p class="ng-alert" id="ng-offer-error" role="alert"></p>
</form>
</section>
<section class="ng-section" id="ng-slip" hidden aria-labelledby="ng-slip-title">
<h2 class="ng-h2 ng-ok" id="ng-slip-title"></h2>
<dl class="ng-slip-facts">
<div class="ng-fact"><dt>Valor</dt><dd id="ng-slip-amount"></dd></div>
<div class="ng-fact"><dt>Vencimento</dt><dd id="ng-slip-due"></dd></div>
</dl>
<div class="ng-label" id="ng-line-label">Linha digitável</div>
<code class="ng-line" id="ng-slip-line" aria-labelledby="ng-line-label"></code>
<div class="ng-actions">
<a class="ng-btn" id="ng-download" href="#" download>${p('download_button')}</a>
<button class="ng-btn ng-btn-light" type="button" id="ng-copy" data-copied="Linha digitável copiada!">${p('copy_button')}</button>
</div>
</section>
<section class="ng-section ng-done" id="ng-declined" hidden>
<p id="ng-declined-message">${p('declined')}</p>
</section>
</div>
<p class="ng-foot">${esc(input.companyName)} · ${esc(input.negotiatorName)}</p>
</main>
<script src="${NEGOTIATOR_HOTSITE_SCRIPT_PATH}" defer></script>
</body>
</html>`;
}

export function negotiatorNotFoundPage(): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${NEGOTIATOR_MSG.notFound}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1f2933;text-align:center;padding:80px 20px}</style>
</head>
<body><main><h1>${NEGOTIATOR_MSG.notFound}</h1><p>Verifique o endereço recebido ou fale com a empresa.</p></main></body>
</html>`;
}
