import { locateServer, readBootCode } from './boot';
import { startNewchatPage } from './newchat-page';
import { startWidget } from './widget';

type ProsaWindow = Window & {
  __PROSA_WEBCHAT__?: unknown;
  __PROSA_WEBCHAT_LOADED__?: Record<string, true>;
  __PROSA_NEWCHAT__?: unknown;
};

/** The same bundle is NewChat's full page (/newchat/<code>/app.js: the server prepended `__PROSA_NEWCHAT__`). */
function bootNewchat(): boolean {
  const code = readBootCode((window as ProsaWindow).__PROSA_NEWCHAT__);
  if (!code) return false;
  const start = () => {
    startNewchatPage(code).catch((e: unknown) => {
      console.warn('[Prosa] NewChat:', e);
      document.body.textContent = 'Não foi possível carregar o atendimento. Tente novamente em instantes.';
    });
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
  return true;
}

/** Entry of the bundle served as /webchat/<code>.js: the server prepended `window.__PROSA_WEBCHAT__`. */
function boot() {
  if (bootNewchat()) return;
  const w = window as ProsaWindow;
  const code = readBootCode(w.__PROSA_WEBCHAT__);
  if (!code) {
    console.warn('[Prosa] web chat: código ausente.');
    return;
  }
  const loaded = w.__PROSA_WEBCHAT_LOADED__ ?? {};
  w.__PROSA_WEBCHAT_LOADED__ = loaded;
  if (loaded[code]) return;
  loaded[code] = true;

  const current = document.currentScript;
  const srcs = [
    current instanceof HTMLScriptElement ? current.src : '',
    ...Array.from(document.scripts, (s) => s.src),
  ];
  const server = locateServer(code, srcs);
  if (!server) {
    console.warn(`[Prosa] web chat: script /webchat/${code}.js não encontrado na página.`);
    return;
  }
  const start = () => {
    startWidget(code, server).catch((e: unknown) => console.warn('[Prosa] web chat:', e));
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

boot();
