import { ATTACHMENT_ACCEPT } from '@prosa/shared/attachment-rules';
import { type ChatMessage, pollAnswered, pollChoiceText } from './conversation';
import { el } from './dom';
import { clipIcon, fileIcon, sendIcon } from './icons';
import { formatTime } from './time';
import type { WidgetAttachment } from './types';

export const RETRY_LABEL = 'Não enviado — tocar para tentar de novo';
const GROUP_MS = 5 * 60_000;
const NEAR_END_PX = 80;

export type ChatView = {
  element: HTMLElement;
  render(messages: readonly ChatMessage[], notice: string | null): void;
  showError(message: string | null): void;
  /** NewChat: "digitando…" of the operator above the composer (null hides it). */
  setTyping(text: string | null): void;
  focus(): void;
  scrollToEnd(): void;
};

type Rendered = { signature: string; node: HTMLElement };

/** Same author shortly after the previous message: the name is not repeated. */
function continuesGroup(prev: ChatMessage | undefined, m: ChatMessage): boolean {
  if (!prev || prev.from !== m.from || prev.operatorName !== m.operatorName) return false;
  return Math.abs(Date.parse(m.sentAt) - Date.parse(prev.sentAt)) < GROUP_MS;
}

function metaText(m: ChatMessage): string {
  if (m.delivery === 'pending') return m.files.length > 0 ? 'Enviando arquivo…' : 'Enviando…';
  return formatTime(m.sentAt);
}

/** Images inline, every other file as a download link (textContent only, never HTML). */
function attachmentNode(a: WidgetAttachment): HTMLElement {
  if (a.type === 'image') {
    return el(
      'a',
      { class: 'att-image', href: a.url, target: '_blank', rel: 'noopener noreferrer' },
      el('img', { src: a.url, alt: a.originalName, loading: 'lazy' }),
    );
  }
  return el(
    'a',
    {
      class: 'att-file',
      href: a.url,
      target: '_blank',
      rel: 'noopener noreferrer',
      download: a.originalName,
    },
    fileIcon(),
    el('span', {}, a.originalName),
  );
}

/** A poll's options as buttons: a click sends the option as the visitor's message; answered, they are disabled. */
function pollNode(m: ChatMessage, answered: boolean, send: (text: string) => void): HTMLElement | null {
  if (!m.poll || m.poll.options.length === 0) return null;
  const buttons = m.poll.options.map((o) => {
    const b = el(
      'button',
      { type: 'button', class: 'poll-option', disabled: answered },
      `${o.key}) ${o.value}`,
    );
    b.addEventListener('click', () => {
      if (b.disabled) return;
      for (const other of buttons) other.disabled = true;
      send(pollChoiceText(o));
    });
    return b;
  });
  return el('div', { class: 'poll', role: 'group', 'aria-label': 'Opções da pesquisa' }, ...buttons);
}

function messageNode(
  m: ChatMessage,
  grouped: boolean,
  retry: (clientId: string) => void,
  poll: HTMLElement | null = null,
): HTMLElement {
  const classes = ['msg', m.from, m.delivery, grouped ? 'same' : ''].filter(Boolean).join(' ');
  const who = m.from === 'operator' ? m.operatorName || 'Atendente' : 'Você';
  const files =
    m.attachments.length > 0
      ? el('div', { class: 'atts' }, ...m.attachments.map(attachmentNode))
      : m.files.length > 0
        ? el(
            'div',
            { class: 'atts' },
            ...m.files.map((name) => el('span', { class: 'att-file' }, fileIcon(), name)),
          )
        : null;
  // A quoted reply shows the message it answers above its text.
  const quote = m.quoted
    ? el(
        'div',
        { class: 'quote' },
        el('span', { class: 'quote-author' }, m.quoted.from === 'visitor' ? 'Você' : 'Atendente'),
        el('span', { class: 'quote-text' }, m.quoted.text || 'Mensagem citada'),
      )
    : null;
  const bubble = el(
    'div',
    { class: 'bubble' },
    el('span', { class: 'sr-only' }, `${who}: `),
    quote,
    files,
    m.text,
    el('span', { class: 'meta' }, metaText(m)),
  );
  const node = el(
    'div',
    { class: classes },
    m.from === 'operator' && !grouped ? el('span', { class: 'author', 'aria-hidden': 'true' }, who) : null,
    bubble,
    poll,
  );
  if (m.delivery === 'failed' && m.clientId) {
    const clientId = m.clientId;
    if (m.error) {
      node.appendChild(el('span', { class: 'retry', role: 'status' }, `Não enviado: ${m.error}`));
    } else {
      const button = el('button', { type: 'button', class: 'retry' }, RETRY_LABEL);
      button.addEventListener('click', () => retry(clientId));
      bubble.addEventListener('click', () => retry(clientId));
      node.appendChild(button);
    }
  }
  return node;
}

export function buildChatView(opts: {
  emptyText: string;
  send: (text: string) => void;
  sendFiles: (files: File[]) => void;
  retry: (clientId: string) => void;
  /** Each keystroke in the composer (NewChat throttles it into its typing event). */
  onTyping?: () => void;
}): ChatView {
  const log = el('div', {
    class: 'log',
    role: 'log',
    'aria-live': 'polite',
    'aria-label': 'Conversa',
    tabindex: '0',
  });
  const empty = el('p', { class: 'empty' }, opts.emptyText);
  const notice = el('p', { class: 'notice', role: 'status' });
  const error = el('p', { class: 'composer-error', role: 'alert', hidden: true });
  const typing = el('p', { class: 'typing', 'aria-live': 'polite', hidden: true });
  const textarea = el('textarea', {
    id: 'pw-message',
    class: 'textarea',
    rows: '1',
    maxlength: '4000',
    placeholder: 'Escreva sua mensagem…',
    enterkeyhint: 'send',
  });
  const sendButton = el('button', { type: 'submit', class: 'send', disabled: true }, sendIcon(), 'Enviar');
  const fileInput = el('input', {
    type: 'file',
    multiple: true,
    accept: ATTACHMENT_ACCEPT,
    hidden: true,
    'aria-hidden': 'true',
    tabindex: '-1',
  });
  const attachButton = el(
    'button',
    { type: 'button', class: 'attach', 'aria-label': 'Enviar arquivo', title: 'Enviar arquivo' },
    clipIcon(),
  );
  attachButton.addEventListener('click', () => fileInput.click());
  fileInput.addEventListener('change', () => {
    const files = Array.from(fileInput.files ?? []);
    fileInput.value = '';
    if (files.length > 0) opts.sendFiles(files);
  });
  const composer = el(
    'form',
    { class: 'composer' },
    attachButton,
    fileInput,
    el('label', { for: 'pw-message', class: 'sr-only' }, 'Mensagem'),
    textarea,
    sendButton,
  );
  const element = el('div', { class: 'chat' }, log, typing, error, composer);
  const rendered = new Map<string, Rendered>();

  const grow = () => {
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(textarea.scrollHeight + 2, 120)}px`;
  };
  const submit = () => {
    const text = textarea.value.trim();
    if (!text) return;
    textarea.value = '';
    sendButton.disabled = true;
    grow();
    opts.send(text);
  };
  textarea.addEventListener('input', () => {
    sendButton.disabled = textarea.value.trim() === '';
    grow();
    if (textarea.value.trim()) opts.onTyping?.();
  });
  textarea.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      submit();
    }
  });
  composer.addEventListener('submit', (e) => {
    e.preventDefault();
    submit();
  });

  const nearEnd = () => log.scrollHeight - log.scrollTop - log.clientHeight < NEAR_END_PX;
  const scrollToEnd = () => {
    log.scrollTop = log.scrollHeight;
  };

  return {
    element,
    render(messages, noticeText) {
      const stick = nearEnd();
      const lastBefore = log.lastElementChild;
      const nodes: HTMLElement[] = [];
      const keys = new Set<string>();
      messages.forEach((m, i) => {
        const grouped = continuesGroup(messages[i - 1], m);
        const signature = [
          m.delivery,
          m.text,
          m.sentAt,
          m.operatorName,
          grouped,
          m.error,
          m.clientId,
          m.attachments.map((a) => a.id).join(' '),
          m.files.join(' '),
          m.quoted ? `${m.quoted.from}:${m.quoted.text}` : '',
          m.poll ? `poll:${pollAnswered(messages, i)}` : '',
        ].join('\u0000');
        const known = rendered.get(m.key);
        const node =
          known && known.signature === signature
            ? known.node
            : messageNode(m, grouped, opts.retry, pollNode(m, pollAnswered(messages, i), opts.send));
        rendered.set(m.key, { signature, node });
        keys.add(m.key);
        nodes.push(node);
      });
      for (const key of rendered.keys()) if (!keys.has(key)) rendered.delete(key);
      notice.textContent = noticeText ?? '';
      if (noticeText) nodes.push(notice);
      if (nodes.length === 0) nodes.push(empty);
      const current = Array.from(log.children);
      if (current.length !== nodes.length || current.some((c, i) => c !== nodes[i]))
        log.replaceChildren(...nodes);
      // Follow the conversation unless the visitor scrolled up to read; their own message always scrolls.
      const last = messages[messages.length - 1];
      const newLast = log.lastElementChild !== lastBefore;
      if (stick || (newLast && last?.from === 'visitor' && last.delivery === 'pending')) scrollToEnd();
    },
    showError(message) {
      error.textContent = message ?? '';
      error.hidden = !message;
    },
    setTyping(text) {
      typing.textContent = text ?? '';
      typing.hidden = !text;
    },
    focus() {
      textarea.focus();
    },
    scrollToEnd,
  };
}
