/** The widget's only stylesheet, inside its shadow root: the host page's CSS does not reach it, nor ours the page. */
export const STYLES = `
:host { all: initial; }
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
.root {
  --pw-color: #1c7ed6;
  --pw-fg: #ffffff;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  font-size: 14px; line-height: 1.4; color: #1f2933; letter-spacing: normal; text-align: left;
  -webkit-font-smoothing: antialiased;
}
button, input, select, textarea { font: inherit; color: inherit; margin: 0; }
button { cursor: pointer; }
.sr-only {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}

.launcher {
  position: fixed; right: 20px; bottom: 20px; z-index: 2147483000;
  width: 60px; height: 60px; border-radius: 50%; border: 0; padding: 0;
  display: flex; align-items: center; justify-content: center;
  background: var(--pw-color); color: var(--pw-fg);
  box-shadow: 0 6px 20px rgba(0, 0, 0, .22), 0 2px 6px rgba(0, 0, 0, .12);
  transition: transform .15s ease, box-shadow .15s ease;
}
.launcher:hover { transform: scale(1.05); box-shadow: 0 8px 24px rgba(0, 0, 0, .26), 0 2px 6px rgba(0, 0, 0, .12); }
.launcher:focus-visible { outline: 3px solid var(--pw-color); outline-offset: 3px; }
.badge {
  position: absolute; top: -4px; right: -4px; min-width: 22px; height: 22px; padding: 0 6px;
  border-radius: 11px; background: #e03131; color: #fff; border: 2px solid #fff;
  font-size: 12px; font-weight: 700; line-height: 18px; text-align: center;
}

.panel {
  position: fixed; right: 20px; bottom: 92px; z-index: 2147483001;
  width: 360px; height: 520px; max-height: calc(100vh - 112px); max-width: calc(100vw - 40px);
  display: flex; flex-direction: column; overflow: hidden;
  background: #fff; border-radius: 16px;
  box-shadow: 0 12px 40px rgba(0, 0, 0, .22), 0 2px 8px rgba(0, 0, 0, .10);
  animation: pw-in .18s ease-out;
}
@keyframes pw-in { from { opacity: 0; transform: translateY(12px) scale(.98); } to { opacity: 1; transform: none; } }
@media (prefers-reduced-motion: reduce) { .panel { animation: none; } .launcher { transition: none; } }

.header {
  flex: none; display: flex; align-items: center; gap: 10px; padding: 14px 12px 14px 18px;
  background: var(--pw-color); color: var(--pw-fg);
}
.logo { width: 32px; height: 32px; border-radius: 8px; object-fit: contain; background: #fff; flex: none; }
.title { flex: 1; margin: 0; font-size: 16px; font-weight: 600; line-height: 1.3; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.icon-btn {
  flex: none; width: 36px; height: 36px; border-radius: 50%; border: 0; padding: 0;
  display: flex; align-items: center; justify-content: center; background: transparent; color: inherit;
}
.icon-btn:hover { background: rgba(255, 255, 255, .18); }
.icon-btn:focus-visible { outline: 2px solid currentColor; outline-offset: -2px; }

.body { flex: 1; min-height: 0; display: flex; flex-direction: column; background: #f4f6f8; }
.chat { flex: 1; min-height: 0; display: flex; flex-direction: column; }
.status { margin: auto; padding: 24px; color: #52606d; text-align: center; }

.form { flex: 1; overflow-y: auto; padding: 18px 18px 20px; background: #fff; }
.welcome { margin: 0 0 16px; color: #323f4b; white-space: pre-wrap; overflow-wrap: anywhere; }
.field { margin-bottom: 12px; }
.field label { display: block; margin-bottom: 4px; font-size: 13px; font-weight: 600; color: #323f4b; }
.req { color: #e03131; margin-left: 2px; }
.input {
  display: block; width: 100%; height: 40px; padding: 8px 10px;
  border: 1px solid #cbd2d9; border-radius: 8px; background: #fff; color: #1f2933; font-size: 14px;
}
select.input { appearance: none; -webkit-appearance: none; padding-right: 32px;
  background-image: linear-gradient(45deg, transparent 50%, #52606d 50%), linear-gradient(135deg, #52606d 50%, transparent 50%);
  background-position: calc(100% - 17px) 50%, calc(100% - 12px) 50%; background-size: 5px 5px; background-repeat: no-repeat; }
select.input.placeholder { color: #7b8794; }
select.input option { color: #1f2933; }
.input:focus { outline: none; border-color: var(--pw-color); box-shadow: 0 0 0 3px rgba(28, 126, 214, .18); box-shadow: 0 0 0 3px color-mix(in srgb, var(--pw-color) 22%, transparent); }
.input[aria-invalid="true"] { border-color: #e03131; }
.error {
  margin: 4px 0 12px; padding: 8px 10px; border-radius: 8px;
  background: #fff5f5; color: #c92a2a; font-size: 13px; overflow-wrap: anywhere;
}
.primary {
  display: block; width: 100%; height: 42px; border: 0; border-radius: 8px; margin-top: 6px;
  background: var(--pw-color); color: var(--pw-fg); font-weight: 600; font-size: 15px;
}
.primary:hover { filter: brightness(.95); }
.primary:disabled { opacity: .6; cursor: default; }
.primary:focus-visible, .send:focus-visible { outline: 3px solid var(--pw-color); outline-offset: 2px; }

.log {
  flex: 1; min-height: 0; overflow-y: auto; overscroll-behavior: contain;
  display: flex; flex-direction: column; gap: 6px; padding: 14px 12px;
}
.empty { margin: auto 16px; color: #52606d; text-align: center; white-space: pre-wrap; overflow-wrap: anywhere; }
.msg { display: flex; flex-direction: column; max-width: 82%; }
.msg.visitor { align-self: flex-end; align-items: flex-end; }
.msg.operator { align-self: flex-start; align-items: flex-start; }
.msg + .msg.same { margin-top: -3px; }
.author { margin: 4px 0 2px 4px; font-size: 12px; font-weight: 600; color: #52606d; }
.bubble {
  position: relative; padding: 8px 12px 6px; border-radius: 16px;
  white-space: pre-wrap; overflow-wrap: anywhere; word-break: break-word;
}
.visitor .bubble { background: var(--pw-color); color: var(--pw-fg); border-bottom-right-radius: 4px; }
.operator .bubble { background: #fff; color: #1f2933; border: 1px solid #e4e7eb; border-bottom-left-radius: 4px; }
.quote {
  display: block; margin: 0 0 6px; padding: 4px 8px; border-left: 3px solid var(--pw-color);
  border-radius: 4px; background: rgba(0, 0, 0, .06); font-size: 12px; line-height: 1.35;
}
.visitor .quote { border-left-color: var(--pw-fg); background: rgba(255, 255, 255, .18); }
.quote-author { display: block; font-weight: 600; opacity: .85; }
.quote-text {
  display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden;
  white-space: pre-wrap; opacity: .85;
}
.poll { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
.poll-option {
  padding: 6px 12px; border: 1px solid var(--pw-color); border-radius: 999px; background: #fff;
  color: #1f2933; font: inherit; font-size: 13px; cursor: pointer;
}
.poll-option:hover:not(:disabled) { background: var(--pw-color); color: var(--pw-fg); }
.poll-option:focus-visible { outline: 3px solid var(--pw-color); outline-offset: 2px; }
.poll-option:disabled { opacity: .5; cursor: default; }
.meta { display: block; margin-top: 2px; font-size: 11px; opacity: .72; text-align: right; }
.msg.pending .bubble { opacity: .7; }
.msg.failed { max-width: 92%; }
.msg.failed .bubble { opacity: .85; box-shadow: 0 0 0 2px #e03131; }
.retry {
  margin-top: 4px; padding: 2px 4px; border: 0; background: none; color: #c92a2a;
  font-size: 12px; font-weight: 600; text-align: right;
}
.retry:hover { text-decoration: underline; }
.msg.failed .bubble { cursor: pointer; }
.notice {
  align-self: center; max-width: 92%; margin: 10px 0 4px; padding: 8px 12px; border-radius: 10px;
  background: #fff4e6; color: #8a4b08; font-size: 13px; text-align: center; overflow-wrap: anywhere;
}

.composer {
  flex: none; display: flex; align-items: flex-end; gap: 8px; padding: 10px 10px 10px 12px;
  border-top: 1px solid #e4e7eb; background: #fff;
}
.typing { flex: none; margin: 0; padding: 4px 14px; color: #52606d; font-size: 12px; font-style: italic; }
.composer-error { flex: none; margin: 0; padding: 6px 12px; background: #fff5f5; color: #c92a2a; font-size: 12px; }
.textarea {
  flex: 1; min-height: 40px; max-height: 120px; resize: none; padding: 9px 12px;
  border: 1px solid #cbd2d9; border-radius: 20px; background: #fff; line-height: 20px; font-size: 14px;
}
.textarea:focus { outline: none; border-color: var(--pw-color); box-shadow: 0 0 0 3px rgba(28, 126, 214, .18); box-shadow: 0 0 0 3px color-mix(in srgb, var(--pw-color) 22%, transparent); }
.send {
  flex: none; height: 40px; padding: 0 14px; border: 0; border-radius: 20px;
  display: flex; align-items: center; gap: 6px;
  background: var(--pw-color); color: var(--pw-fg); font-weight: 600;
}
.send:disabled { opacity: .5; cursor: default; }
.attach {
  flex: none; width: 40px; height: 40px; border: 0; border-radius: 50%; padding: 0;
  display: flex; align-items: center; justify-content: center; background: transparent; color: #52606d;
}
.attach:hover { background: #f0f2f5; color: #1f2933; }
.attach:focus-visible { outline: 3px solid var(--pw-color); outline-offset: 2px; }
.atts { display: flex; flex-direction: column; gap: 6px; margin-bottom: 4px; white-space: normal; }
.att-image { display: block; line-height: 0; }
.att-image img { display: block; max-width: 100%; height: 160px; object-fit: contain; border-radius: 10px; }
.att-file {
  display: inline-flex; align-items: center; gap: 6px; max-width: 100%; padding: 6px 10px; border-radius: 10px;
  background: rgba(0, 0, 0, .06); color: inherit; font-size: 13px; text-decoration: underline; overflow-wrap: anywhere;
}
.att-file svg { flex: none; }
.visitor .att-file { background: rgba(255, 255, 255, .2); }

@media (max-width: 480px) {
  .panel {
    inset: 0; right: 0; bottom: 0; width: 100%; height: 100%; max-width: none; max-height: none;
    border-radius: 0; animation: none;
  }
  .root.open .launcher { display: none; }
  .input, .textarea { font-size: 16px; }
}
`;
