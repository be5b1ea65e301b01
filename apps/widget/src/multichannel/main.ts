import type { TMultichannelPublic } from '@prosa/shared/multichannel';
import { locateBase, readBootHash } from './boot';
import { mountWidget } from './widget';

type ProsaWindow = Window & {
  __PROSA_MULTICHANNEL__?: unknown;
  __PROSA_MULTICHANNEL_LOADED__?: Record<string, true>;
};

/** Entry of the bundle served as /multichannel/<hash>.js: the server prepended `window.__PROSA_MULTICHANNEL__`. */
function boot() {
  const w = window as ProsaWindow;
  const hash = readBootHash(w.__PROSA_MULTICHANNEL__);
  if (!hash) {
    console.warn('[Prosa] multicanal: código ausente.');
    return;
  }
  const loaded = w.__PROSA_MULTICHANNEL_LOADED__ ?? {};
  w.__PROSA_MULTICHANNEL_LOADED__ = loaded;
  if (loaded[hash]) return;
  loaded[hash] = true;
  const current = document.currentScript;
  const base = locateBase(hash, [
    current instanceof HTMLScriptElement ? current.src : '',
    ...Array.from(document.scripts, (s) => s.src),
  ]);
  if (!base) {
    console.warn(`[Prosa] multicanal: script /multichannel/${hash}.js não encontrado na página.`);
    return;
  }
  const start = async () => {
    const res = await fetch(`${base}/api/multichannel/public/${hash}`, { credentials: 'omit' });
    if (!res.ok) throw new Error('Multicanal não encontrado.');
    mountWidget((await res.json()) as TMultichannelPublic, base);
  };
  const run = () => start().catch((e: unknown) => console.warn('[Prosa] multicanal:', e));
  if (document.body) run();
  else document.addEventListener('DOMContentLoaded', run, { once: true });
}

boot();
