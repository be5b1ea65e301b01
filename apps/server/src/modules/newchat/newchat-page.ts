import type { TNewchatPublicConfig } from '@prosa/shared/newchat';

// The public NewChat: a full page (HTML + the widget bundle in its page mode), its web app manifest (installable)
// and the launcher script customer sites add. Texts from the channel are escaped; scripts are files (the CSP
// allows no inline script).

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function newchatPageHtml(c: TNewchatPublicConfig): string {
  const title = escapeHtml(c.title);
  const icon = c.img192
    ? `<link rel="icon" href="${escapeHtml(c.img192)}">\n<link rel="apple-touch-icon" href="${escapeHtml(c.img192)}">`
    : '';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${title}</title>
<meta name="description" content="${escapeHtml(c.description)}">
<meta name="theme-color" content="${escapeHtml(c.baseColor)}">
<link rel="manifest" href="/newchat/${c.code}/manifest.webmanifest">
${icon}
<style>html,body{margin:0;height:100%;background:#f1f3f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif}</style>
</head>
<body>
<noscript>Ative o JavaScript para conversar com ${title}.</noscript>
<script src="/newchat/${c.code}/app.js"></script>
</body>
</html>`;
}

const ICON_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
};

/** The Web App Manifest: the browser offers to install the page as an app with these names and icons. */
export function newchatManifest(c: TNewchatPublicConfig) {
  const icon = (src: string, sizes: string) => ({
    src,
    sizes,
    type: ICON_MIME[src.split('.').pop() ?? ''],
    purpose: 'any',
  });
  const icons = [
    ...(c.img192 ? [icon(c.img192, '192x192')] : []),
    ...(c.img512 ? [icon(c.img512, '512x512')] : []),
  ];
  return {
    name: c.title,
    short_name: (c.name || c.title).slice(0, 12),
    description: c.description,
    lang: 'pt-BR',
    start_url: `/newchat/${c.code}`,
    scope: `/newchat/${c.code}`,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: c.baseColor,
    icons,
  };
}

/**
 * /newchat/<code>.js: a button for the customer's site (position, baseColor, customButton text) that opens the
 * full page. Self-contained and small; the values travel as JSON and reach the DOM as text only.
 */
export function newchatLauncherJs(c: TNewchatPublicConfig, pageUrl: string): string {
  const opts = JSON.stringify({
    url: pageUrl,
    side: c.position,
    color: c.baseColor,
    text: c.customButton || 'Fale conosco',
  });
  return `(function(){var o=${opts};if(window.__PROSA_NEWCHAT_LAUNCHER__&&window.__PROSA_NEWCHAT_LAUNCHER__[o.url])return;
window.__PROSA_NEWCHAT_LAUNCHER__=window.__PROSA_NEWCHAT_LAUNCHER__||{};window.__PROSA_NEWCHAT_LAUNCHER__[o.url]=1;
function go(){var b=document.createElement('a');b.href=o.url;b.target='_blank';b.rel='noopener';b.textContent=o.text;
b.setAttribute('data-prosa-newchat','');b.setAttribute('role','button');
var s=b.style;s.position='fixed';s.bottom='20px';s[o.side==='left'?'left':'right']='20px';s.zIndex='2147483000';
s.background=o.color;s.color='#fff';s.padding='12px 20px';s.borderRadius='999px';s.font='600 15px system-ui,sans-serif';
s.textDecoration='none';s.boxShadow='0 4px 14px rgba(0,0,0,.2)';document.body.appendChild(b);}
if(document.body)go();else document.addEventListener('DOMContentLoaded',go);})();
`;
}
