import { checkFilesBeforeUpload } from '@prosa/shared/attachment-rules';
import { ApiError, createApi } from './api-client';
import type { ServerLocation } from './boot';
import { buildChatView, type ChatView } from './chat-view';
import { newClientId } from './client-id';
import {
  addPending,
  type ChatMessage,
  confirmSent,
  conversationNotice,
  findByClientId,
  fromServer,
  fromSocket,
  lastOperatorId,
  mergeMessages,
  setDelivery,
  unreadCount,
} from './conversation';
import { el } from './dom';
import { buildVisitorForm } from './form';
import { buildShell } from './shell';
import { connectVisitorSocket, type VisitorSocket } from './socket';
import { createVisitorStore } from './storage';
import type { VisitorState, WebchatConfig } from './types';

const EXPIRED = 'Sua conversa expirou. Preencha o formulário para começar de novo.';
const LOAD_FAILED = 'Não foi possível carregar a conversa. Tentaremos de novo em instantes.';
const EMPTY_CHAT = 'Envie sua mensagem. Um de nossos atendentes vai responder por aqui.';

/** The widget of one web chat code: launcher, form or conversation, kept live by the visitor socket. */
export async function startWidget(code: string, server: ServerLocation): Promise<void> {
  const api = createApi(server.base, code);
  let config: WebchatConfig;
  try {
    config = await api.config();
  } catch (e) {
    console.warn('[Prosa] web chat indisponível:', e instanceof Error ? e.message : e);
    return;
  }

  const store = createVisitorStore(code);
  let open = false;
  let messages: ChatMessage[] = [];
  /** Protocol of the finalized attendance while its notice shows; null when there is none. */
  let finalized: string | null = null;
  /** Whether an operator answered the open attendance (before that, the visitor sees the waiting text). */
  let answered = false;
  /** Protocol of the visitor's latest attendance, to tell when a message opened a new one. */
  let protocol: string | null = null;
  /** Bumped by each accepted message, so an older state answer does not bring back a cleared notice. */
  let sendEpoch = 0;
  let chat: ChatView | null = null;
  let socket: VisitorSocket | null = null;
  let socketRetryMs = 2_000;
  let queue: Promise<void> = Promise.resolve();
  /** Files of messages not yet accepted, by client id (a retry uploads them again). */
  const pendingFiles = new Map<string, File[]>();

  const shell = buildShell(config, { toggle: () => setOpen(!open), close: () => setOpen(false) });
  document.body.appendChild(shell.host);

  const finePointer = () => window.matchMedia?.('(pointer: fine)').matches ?? true;

  function render() {
    chat?.render(messages, conversationNotice(messages, { finalized, answered }));
    if (open) store.saveSeen(lastOperatorId(messages));
    shell.setUnread(open ? 0 : unreadCount(messages, store.seen()));
  }

  function showForm(error: string | null = null) {
    chat = null;
    const form = buildVisitorForm(config, (values) => {
      form.setBusy(true);
      api.startVisitor(values).then(
        (session) => {
          store.saveToken(session.token);
          showChat();
          connect(session.token);
          if (open && finePointer()) chat?.focus();
          void loadState();
        },
        (e: unknown) => {
          form.setBusy(false);
          form.showError(e instanceof Error ? e.message : String(e));
        },
      );
    });
    form.showError(error);
    shell.setBody(form.element);
    if (open && finePointer()) form.focus();
  }

  function showChat() {
    chat = buildChatView({ emptyText: EMPTY_CHAT, send, sendFiles, retry });
    shell.setBody(chat.element);
    render();
    chat.scrollToEnd();
  }

  function forgetVisitor(error: string | null) {
    store.forget();
    socket?.close();
    socket = null;
    messages = [];
    finalized = null;
    answered = false;
    protocol = null;
    showForm(error);
    render();
  }

  function applyState(s: VisitorState, epoch: number) {
    messages = mergeMessages(messages, s.messages.map(fromServer));
    if (epoch === sendEpoch) {
      finalized = s.state === 'closed' ? (s.protocol ?? '') : null;
      answered = s.state === 'open' && s.answered === true;
      protocol = s.protocol;
    }
  }

  async function loadState(): Promise<boolean> {
    const token = store.token();
    if (!token) return false;
    const epoch = sendEpoch;
    try {
      const s = await api.state(token);
      if (store.token() !== token) return false;
      applyState(s, epoch);
      if (!chat) showChat();
      chat?.showError(null);
      render();
      return true;
    } catch (e) {
      if (store.token() !== token) return false;
      if (e instanceof ApiError && e.status === 401) {
        forgetVisitor(chat ? EXPIRED : null);
        return false;
      }
      if (!chat) showChat();
      chat?.showError(LOAD_FAILED);
      return false;
    }
  }

  function connect(token: string) {
    socket?.close();
    socket = connectVisitorSocket(server, token, {
      message(m) {
        const c = fromSocket(m);
        if (!c) return;
        messages = mergeMessages(messages, [c]);
        answered = true;
        render();
      },
      finalized(closedProtocol) {
        finalized = closedProtocol;
        answered = false;
        render();
      },
      reconnected() {
        socketRetryMs = 2_000;
        void loadState();
      },
      refused() {
        // Unknown token, or the server failed while checking it: the state call tells which.
        void loadState().then((ok) => {
          if (!ok && !store.token()) return;
          setTimeout(() => socket?.retry(), socketRetryMs);
          socketRetryMs = Math.min(socketRetryMs * 2, 60_000);
        });
      },
    });
  }

  async function deliver(clientId: string, text: string, files?: File[]) {
    const token = store.token();
    if (!token) return;
    try {
      const uploaded = [];
      for (const f of files ?? []) uploaded.push(await api.upload(token, f, f.name));
      const r = await api.send(token, text, clientId, uploaded);
      pendingFiles.delete(clientId);
      if (store.token() !== token) return;
      sendEpoch++;
      messages = confirmSent(messages, clientId, r.message);
      finalized = null;
      // A message after the finalization opened a new attendance: nobody answered it yet.
      if (r.protocol !== protocol) answered = false;
      protocol = r.protocol;
      // A duplicate answers without the stored copy: the state brings its id and place.
      if (!r.message) void loadState();
    } catch (e) {
      if (store.token() !== token) return;
      if (e instanceof ApiError && e.status === 401) {
        forgetVisitor(EXPIRED);
        return;
      }
      const refused =
        e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429;
      messages = setDelivery(messages, clientId, 'failed', refused ? e.message : null);
    }
    render();
  }

  /** One message at a time, so they reach the operator in the order they were written. */
  function enqueue(clientId: string, text: string) {
    const files = pendingFiles.get(clientId);
    queue = queue.then(() => deliver(clientId, text, files));
  }

  /** The visitor's files: checked here (5 at most, types, sizes), uploaded, then sent as one message. */
  function sendFiles(files: File[]) {
    const problem = checkFilesBeforeUpload(files, 0);
    if (problem) {
      chat?.showError(problem);
      return;
    }
    const clientId = newClientId();
    pendingFiles.set(clientId, files);
    messages = addPending(
      messages,
      clientId,
      '',
      new Date(),
      files.map((f) => f.name),
    );
    if (finalized !== null) answered = false;
    finalized = null;
    chat?.showError(null);
    render();
    enqueue(clientId, '');
  }

  function send(text: string) {
    const clientId = newClientId();
    messages = addPending(messages, clientId, text, new Date());
    // A message after the finalization opens a new attendance: the old notice goes away.
    if (finalized !== null) answered = false;
    finalized = null;
    chat?.showError(null);
    render();
    enqueue(clientId, text);
  }

  function retry(clientId: string) {
    const m = findByClientId(messages, clientId);
    if (m?.delivery !== 'failed' || m.error) return;
    messages = setDelivery(messages, clientId, 'pending');
    render();
    enqueue(clientId, m.text);
  }

  function setOpen(next: boolean) {
    if (next === open) return;
    open = next;
    store.saveOpen(open);
    shell.setOpen(open);
    if (!open) return;
    render();
    chat?.scrollToEnd();
    if (finePointer()) chat?.focus();
    // Another tab of the same visitor may have written meanwhile.
    if (chat) void loadState();
  }

  // A page may open this web chat's panel (the multichannel hotsite's buttons):
  // window.dispatchEvent(new CustomEvent('prosa-webchat:open', { detail: { code } })).
  window.addEventListener('prosa-webchat:open', (e) => {
    const detail = (e as CustomEvent<unknown>).detail;
    if (typeof detail === 'object' && detail !== null && (detail as { code?: unknown }).code === code)
      setOpen(true);
  });

  const token = store.token();
  if (token) {
    shell.setBody(el('p', { class: 'status' }, 'Carregando…'));
    connect(token);
    void loadState();
  } else {
    showForm();
  }
  if (store.wasOpen()) setOpen(true);
}
