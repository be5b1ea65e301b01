import type { TMultichannelPublic } from '@prosa/shared/multichannel';

/** The widget's CSS, scoped by its Shadow DOM; colours from the link's widget settings (validated #RRGGBB). */
export function widgetCss(c: TMultichannelPublic['colors']): string {
  return `
:host{all:initial}
.root{position:fixed;right:20px;bottom:20px;z-index:2147483000;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
  display:flex;flex-direction:column;align-items:flex-end;gap:12px;transition:bottom .2s}
.root.raised{bottom:100px}
.launcher{width:60px;height:60px;border-radius:50%;border:0;cursor:pointer;display:flex;align-items:center;justify-content:center;
  background:${c.buttons};color:${c.icons};box-shadow:0 6px 18px rgba(0,0,0,.22)}
.launcher:focus-visible,.btn:focus-visible,.close:focus-visible{outline:3px solid ${c.buttons};outline-offset:3px}
.panel{width:320px;max-width:calc(100vw - 40px);max-height:calc(100vh - 120px);overflow:auto;background:#fff;color:#1f2933;
  border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.2);padding:20px;box-sizing:border-box;text-align:center;position:relative}
.panel[hidden]{display:none}
.close{position:absolute;top:8px;right:8px;border:0;background:transparent;cursor:pointer;color:#52606d;padding:6px;display:flex}
.logo{max-width:120px;max-height:80px;object-fit:contain;margin-bottom:8px}
.title{font-size:18px;font-weight:700;margin:0 0 8px;padding:0 24px}
.welcome{color:${c.welcome};margin:0 0 4px;font-size:15px}
.greeting{color:${c.greeting};margin:0 0 8px;font-size:14px}
.buttons{display:flex;flex-direction:column;gap:10px;margin-top:14px}
.btn{display:flex;align-items:center;gap:12px;width:100%;padding:11px 14px;border:0;border-radius:10px;cursor:pointer;
  background:${c.buttons};color:${c.buttons_text};font:inherit;text-align:left;box-sizing:border-box}
.btn:hover{filter:brightness(1.05)}
.icon{display:flex;color:${c.icons};flex:none}
.text{display:flex;flex-direction:column}
.label{font-weight:600;font-size:15px}
.desc{font-size:12px;opacity:.9}
`;
}
