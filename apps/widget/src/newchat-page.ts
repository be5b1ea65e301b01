import { checkFilesBeforeUpload } from '@prosa/shared/attachment-rules';
import { NEWCHAT_TYPING_THROTTLE_MS, NEWCHAT_TYPING_TTL_MS, typingSignal } from '@prosa/shared/newchat-queue';
import { ApiError, createApi } from './api-client';
import { buildChatView, type ChatView } from './chat-view';
import { newClientId } from './client-id';
import {
  addPending,
  type ChatMessage,
  confirmSent,
  findByClientId,
  fromServer,
  fromSocket,
  mergeMessages,
  setDelivery,
} from './conversation';
import { el } from './dom';
import { buildVisitorForm } from './form';
import { createNewchatApi } from './newchat-api';
import { buildNewchatLayout, buildTerms } from './newchat-layout';
import { formConfig, newchatNotice, pageBase, TYPING_TEXT } from './newchat-logic';
import { connectVisitorSocket, type VisitorSocket } from './socket';
import { createVisitorStore } from './storage';

const TERMS_REQUIRED = 'Aceite os termos de uso para continuar.';
const EMPTY_CHAT = 'Envie sua mensagem. Um de nossos atendentes vai responder por aqui.';
const LOAD_FAILED = 'Não foi possível carregar a conversa. Tentaremos de novo em instantes.';
const EXPIRED = 'Sua conversa expirou. Preencha o formulário para começar de novo.';

/**
 * NewChat's full page (served at /newchat/<code>): terms and form, then the conversation over the web chat's
 * visitor API and socket, with the queue position, typing both ways and the finish button.
 */
export async function startNewchatPage(code: string): Promise<void> {
  const server = pageBase(location.origin, location.pathname, code);
  const ncApi = createNewchatApi(server.base, code);
  const api = createApi(server.base, code);
  const config = await ncApi.config();
  const layout = buildNewchatLayout(config);
  document.body.appendChild(layout.host);
  const store = createVisitorStore(`nc:${code}`);

  let messages: ChatMessage[] = [];
  let finalized: string | null = null;
  let answered = false;
  let open = false;
  let position: number | null = null;
  let protocol: string | null = null;
  let chat: ChatView | null = null;
  let socket: VisitorSocket | null = null;
  let queue: Promise<void> = Promise.resolve();
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  const pendingFiles = new Map<string, File[]>();
  // Paced, with a trailing send: typing right after a message still reaches the operator.
  const typingOut = typingSignal(NEWCHAT_TYPING_THROTTLE_MS, () => socket?.typing());

  function render() {
    chat?.render(messages, newchatNotice(messages, { finalized, answered, position }, config));
    layout.showFinish(config.hasFinish && open && finalized === null, finish);
  }

  function showForm(error: string | null = null) {
    chat = null;
    const terms = config.hasTermsOfUse ? buildTerms(config) : null;
    const form = buildVisitorForm(formConfig(config), (values) => {
      if (terms && !terms.accepted()) {
        form.showError(TERMS_REQUIRED);
        return;
      }
      form.setBusy(true);
      ncApi.startVisitor(values, terms?.accepted() ?? false).then(
        (session) => {
          store.saveToken(session.token);
          showChat();
          connect(session.token);
          void loadState();
        },
        (e: unknown) => {
          form.setBusy(false);
          form.showError(e instanceof Error ? e.message : String(e));
        },
      );
    });
    if (terms) form.element.insertBefore(terms.element, form.element.querySelector('.error'));
    form.showError(error);
    layout.setBody(form.element);
    form.focus();
  }

  function showChat() {
    chat = buildChatView({
      emptyText: EMPTY_CHAT,
      send,
      sendFiles,
      retry,
      onTyping: () => {
        if (config.showTyping) typingOut.poke();
      },
    });
    layout.setBody(chat.element);
    render();
    chat.scrollToEnd();
    chat.focus();
  }

  async function refreshQueue(token: string) {
    if (!config.hasQueue) return;
    position = await ncApi.queue(token).catch(() => position);
    render();
  }

  async function loadState(): Promise<void> {
    const token = store.token();
    if (!token) return;
    try {
      const s = await api.state(token);
      messages = mergeMessages(messages, s.messages.map(fromServer));
      finalized = s.state === 'closed' ? (s.protocol ?? '') : null;
      answered = s.state === 'open' && s.answered === true;
      open = s.state === 'open';
      protocol = s.protocol;
      if (!chat) showChat();
      chat?.showError(null);
      render();
      void refreshQueue(token);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        store.forget();
        socket?.close();
        messages = [];
        showForm(chat ? EXPIRED : null);
        return;
      }
      if (!chat) showChat();
      chat?.showError(LOAD_FAILED);
    }
  }

  function connect(token: string) {
    socket?.close();
    socket = connectVisitorSocket({ origin: location.origin, ...server }, token, {
      message(m) {
        const c = fromSocket(m);
        if (!c) return;
        messages = mergeMessages(messages, [c]);
        answered = true;
        position = null;
        chat?.setTyping(null);
        render();
      },
      finalized(closed) {
        finalized = closed;
        answered = false;
        open = false;
        position = null;
        render();
      },
      queue(p) {
        position = p;
        render();
      },
      typing() {
        if (!config.showTyping) return;
        chat?.setTyping(TYPING_TEXT);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => chat?.setTyping(null), NEWCHAT_TYPING_TTL_MS);
      },
      reconnected: () => void loadState(),
      refused: () => void loadState(),
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
      messages = confirmSent(messages, clientId, r.message);
      finalized = null;
      open = true;
      if (r.protocol !== protocol) answered = false;
      protocol = r.protocol;
      if (!r.message) void loadState();
      void refreshQueue(token);
    } catch (e) {
      const refused = e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 429;
      messages = setDelivery(messages, clientId, 'failed', refused ? e.message : null);
    }
    render();
  }

  function enqueue(clientId: string, text: string) {
    const files = pendingFiles.get(clientId);
    queue = queue.then(() => deliver(clientId, text, files));
  }

  function send(text: string) {
    typingOut.reset();
    const clientId = newClientId();
    messages = addPending(messages, clientId, text, new Date());
    if (finalized !== null) answered = false;
    finalized = null;
    render();
    enqueue(clientId, text);
  }

  function sendFiles(files: File[]) {
    typingOut.reset();
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
    finalized = null;
    render();
    enqueue(clientId, '');
  }

  function retry(clientId: string) {
    const m = findByClientId(messages, clientId);
    if (m?.delivery !== 'failed' || m.error) return;
    messages = setDelivery(messages, clientId, 'pending');
    render();
    enqueue(clientId, m.text);
  }

  function finish() {
    const token = store.token();
    if (!token) return;
    ncApi.finish(token).then(
      (r) => {
        finalized = r.protocol;
        open = false;
        position = null;
        render();
      },
      (e: unknown) => chat?.showError(e instanceof Error ? e.message : String(e)),
    );
  }

  const token = store.token();
  if (token) {
    layout.setBody(el('p', { class: 'status' }, 'Carregando…'));
    connect(token);
    void loadState();
  } else {
    showForm();
  }
}
