import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';

const chatModal = (page: Page) => page.getByTestId('chat-modal');
const messages = (page: Page) => chatModal(page).getByRole('log', { name: 'Mensagens' });
const cardOf = (page: Page, name: string) => page.getByRole('button', { name: `Abrir conversa com ${name}` });

let seq = 0;
/** A web chat visitor through the public API; `send` writes one more message. */
async function visitor(request: APIRequestContext, form: Record<string, string>) {
  const started = await request.post('/api/webchat/demo-empresa/visitors', { data: { form } });
  expect(started.ok()).toBe(true);
  const { token } = (await started.json()) as { token: string };
  return {
    async send(text: string) {
      const sent = await request.post('/api/webchat/visitor/messages', {
        headers: { 'x-visitor-token': token },
        data: { text, client_id: `alert${Date.now().toString(36)}${seq++}` },
      });
      expect(sent.ok()).toBe(true);
    },
  };
}

/**
 * The browser's notification and sound, recorded: notifications count as "granted" and the tab as not
 * focused (the system notification shows only then); the chime's oscillators are counted.
 */
async function recordAlerts(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const notes: { title: string; body?: string }[] = [];
    w.__notes = notes;
    w.__tones = 0;
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: unknown = null;
      constructor(title: string, opts?: { body?: string }) {
        notes.push({ title, body: opts?.body });
      }
      close() {}
    }
    class FakeAudio {
      state = 'running';
      currentTime = 0;
      destination = {};
      resume = async () => undefined;
      close = async () => undefined;
      createOscillator() {
        w.__tones = (w.__tones as number) + 1;
        return { type: '', frequency: { value: 0 }, connect: (g: unknown) => g, start() {}, stop() {} };
      }
      createGain() {
        return {
          gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
          connect: (d: unknown) => d,
        };
      }
    }
    Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true });
    Object.defineProperty(window, 'AudioContext', { value: FakeAudio, configurable: true });
    document.hasFocus = () => false;
  });
}

const notes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notes: { title: string; body?: string }[] }).__notes);
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number }).__tones);

test('a operadora é avisada de um novo atendimento (som, notificação e contador na aba), lê as mensagens que chegam com a conversa aberta, busca cards e silencia os avisos', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const paula = `Paula ${stamp}`;
  const rui = `Rui ${stamp}`;
  const context = await browser.newContext();
  await recordAlerts(context);
  const ana = await context.newPage();
  await login(ana, DEMO.ana);
  await expect(ana.getByText('Conectado', { exact: true })).toBeVisible();
  // Her setting starts unmuted (a previous run may have left it on).
  const anaApi = await apiAs(baseURL ?? '', DEMO.ana);
  await anaApi.put('/api/users/me/settings', { data: { mute_notifications: false } });
  await ana.reload();
  await expect(ana.getByText('Conectado', { exact: true })).toBeVisible();
  await ana.getByRole('heading', { name: 'Atendimentos' }).click();

  const first = await visitor(request, { nome: paula, telefone: '(11) 97777-1234' });
  await first.send('Bom dia, preciso de ajuda');
  await expect(cardOf(ana, paula)).toBeVisible();
  await expect(ana).toHaveTitle(/^\(1\) /);
  await expect
    .poll(() => notes(ana))
    .toContainEqual({
      title: 'Novo atendimento',
      body: `${paula}: Bom dia, preciso de ajuda`,
    });
  await expect.poll(() => tones(ana)).toBeGreaterThan(0);

  // Opening it takes it out of the counter; what arrives while it is open is read.
  await cardOf(ana, paula).click();
  await expect(messages(ana).getByText('Bom dia, preciso de ajuda')).toBeVisible();
  await expect(ana).not.toHaveTitle(/^\(\d+\) /);
  await first.send('É sobre o pedido 123');
  await expect(messages(ana).getByText('É sobre o pedido 123')).toBeVisible();
  await chatModal(ana).getByRole('button', { name: 'Fechar conversa' }).click();
  await expect(chatModal(ana)).toBeHidden();
  await expect(cardOf(ana, paula)).toContainText('É sobre o pedido 123');
  await expect(cardOf(ana, paula).getByLabel(/não lidas/)).toHaveCount(0);
  await expect(ana).not.toHaveTitle(/^\(\d+\) /);

  // The search box filters the cards by name, phone or protocol.
  const second = await visitor(request, { nome: rui });
  await second.send('Olá');
  await expect(cardOf(ana, rui)).toBeVisible();
  await expect(ana).toHaveTitle(/^\(1\) /);
  const search = ana.getByRole('textbox', { name: 'Buscar atendimentos' });
  await search.fill('97777-1234');
  await expect(cardOf(ana, paula)).toBeVisible();
  await expect(cardOf(ana, rui)).toBeHidden();
  await search.fill(rui);
  await expect(cardOf(ana, rui)).toBeVisible();
  await expect(cardOf(ana, paula)).toBeHidden();
  await ana.getByRole('button', { name: 'Limpar busca' }).click();
  await expect(cardOf(ana, paula)).toBeVisible();

  // Muted in her account: a new message counts in the title, without sound or notification.
  await ana
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Minha conta' })
    .click();
  const mute = ana.getByRole('switch', { name: 'Silenciar avisos de novos atendimentos e mensagens' });
  await mute.check();
  await expect(ana.getByText('Configuração alterada com sucesso!')).toBeVisible();
  const notesBefore = (await notes(ana)).length;
  const tonesBefore = await tones(ana);
  await first.send('Mais uma coisa');
  await expect(ana).toHaveTitle(/^\(2\) /);
  expect((await notes(ana)).length).toBe(notesBefore);
  expect(await tones(ana)).toBe(tonesBefore);
  await ana.reload();
  await expect(mute).toBeChecked();
  await mute.uncheck();
  await expect(mute).not.toBeChecked();
  await anaApi.dispose();
  await context.close();
});

test('o gestor abre, pela linha do tempo do contato, a conversa de um protocolo anterior, só para leitura', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const name = `Karina ${Date.now().toString(36)}`;
  const gestor = await apiAs(baseURL ?? '', DEMO.manager);
  const v = await visitor(request, { nome: name });
  await v.send('Primeira conversa: quero um orçamento');
  const me = (await (await gestor.get('/api/auth/me')).json()) as { id: number; companyId: number };
  const list = (await (await gestor.get('/api/attendances?kind=web')).json()) as {
    items: { id: number; name: string; sector_id: number }[];
  };
  const past = list.items.find((c) => c.name === name);
  const statuses = (await (await gestor.get('/api/statuses')).json()) as {
    id: number;
    should_close: number;
  }[];
  const finalize = await gestor.post(`/api/set-status/${me.companyId}/${past?.sector_id}/${me.id}`, {
    data: { status: statuses.find((s) => s.should_close === 1)?.id, contact: past?.id },
  });
  expect(finalize.ok()).toBe(true);
  await v.send('Voltei com outra dúvida');

  await login(page, DEMO.manager);
  await cardOf(page, name).click();
  await expect(messages(page).getByText('Voltei com outra dúvida')).toBeVisible();
  await chatModal(page).getByRole('button', { name: 'Histórico do contato' }).click();
  const timeline = page.getByRole('dialog', { name: 'Histórico do contato' });
  await timeline.getByRole('button', { name: /^Ver conversa do protocolo/ }).click();
  const pastLog = page.getByRole('log', { name: 'Mensagens do protocolo anterior' });
  await expect(pastLog.getByText('Primeira conversa: quero um orçamento')).toBeVisible();
  await expect(pastLog.getByText('Voltei com outra dúvida')).toHaveCount(0);
  // Read-only: no reply, forward or copy menu on its messages.
  await expect(pastLog.getByRole('button', { name: /Ações da mensagem/ })).toHaveCount(0);
  await gestor.dispose();
});
