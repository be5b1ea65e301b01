import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';

// Attendance settings a manager switches and an operator notices in the chat: message copy, audio,
// read/unread and the waiting time on the cards.

type Meta = Record<string, unknown> & { allow: Record<string, boolean> };

/** The demo company as seeded: copy and audio on, read/unread and waiting time off. */
async function resetSettings(baseURL: string) {
  const manager = await apiAs(baseURL, DEMO.manager);
  const meta = (await (await manager.get('/api/company/metadata')).json()) as Meta;
  const r = await manager.put('/api/company/metadata', {
    data: {
      ...meta,
      allow: { ...meta.allow, 'message-copy': true, viewtmr: false },
      audio: { enabled: true },
      read_unread: { enabled: false },
    },
  });
  expect(r.ok()).toBe(true);
  await manager.dispose();
}

test.beforeEach(async ({ baseURL }) => resetSettings(baseURL ?? ''));
test.afterAll(async ({ baseURL }) => resetSettings(baseURL ?? ''));

/** A web chat visitor writes to the demo company; the attendance lands in the operators' list. */
async function visitorWrites(request: APIRequestContext, name: string, text: string) {
  const started = await request.post('/api/webchat/demo-empresa/visitors', {
    data: { form: { nome: name } },
  });
  const { token } = (await started.json()) as { token: string };
  const sent = await request.post('/api/webchat/visitor/messages', {
    headers: { 'x-visitor-token': token },
    data: { text, client_id: `cfg-${Date.now()}` },
  });
  expect(sent.ok()).toBe(true);
}

/** Switches a setting of a settings tab and saves it, as the manager does. */
async function saveSwitch(page: Page, tab: string, label: string, on: boolean) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const control = page.getByRole('switch', { name: label });
  if (on) await control.check();
  else await control.uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configuração alterada com sucesso!').first()).toBeVisible();
}

const chatModal = (page: Page) => page.getByTestId('chat-modal');

test('o gestor desliga a cópia de mensagens e o áudio: a operadora não copia nem grava, e a cópia volta ao religar', async ({
  browser,
  request,
}) => {
  // Two people log in and settings are saved on a shared, busy machine.
  test.slow();
  const name = `Cliente Cópia ${Date.now().toString(36)}`;
  await visitorWrites(request, name, 'Pode me mandar o endereço?');

  const gestor = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await login(gestor, DEMO.manager);
  await gestor.goto('/settings?tab=message-copy');
  await saveSwitch(gestor, 'Cópia de mensagens', 'Permitir copiar mensagens', false);
  await saveSwitch(gestor, 'Áudio', 'Permitir que os operadores gravem e enviem áudios', false);

  const ana = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await login(ana, DEMO.ana);
  await ana.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  const modal = chatModal(ana);
  await expect(modal.getByText('Pode me mandar o endereço?')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Anexar arquivo' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Gravar áudio' })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Copiar conversa' })).toHaveCount(0);
  await modal
    .getByRole('button', { name: /^Ações da mensagem de / })
    .first()
    .click();
  await expect(ana.getByRole('menuitem', { name: 'Responder' })).toBeVisible();
  await expect(ana.getByRole('menuitem', { name: 'Copiar texto' })).toHaveCount(0);
  await ana.keyboard.press('Escape');

  // Turned back on, the open conversation offers copying again (the setting reaches her screen live).
  await saveSwitch(gestor, 'Cópia de mensagens', 'Permitir copiar mensagens', true);
  await expect(modal.getByRole('button', { name: 'Copiar conversa' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Gravar áudio' })).toHaveCount(0);
});

test('com lido/não lido e tempo de espera ligados, a operadora vê a espera e marca o atendimento como não lido', async ({
  browser,
  request,
}) => {
  // Two people log in and settings are saved on a shared, busy machine.
  test.slow();
  const name = `Cliente Espera ${Date.now().toString(36)}`;
  await visitorWrites(request, name, 'Alguém pode me atender?');

  const gestor = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await login(gestor, DEMO.manager);
  await gestor.goto('/settings?tab=read-unread');
  await saveSwitch(gestor, 'Lido / não lido', 'Permitir marcar atendimentos como não lidos', true);
  await saveSwitch(gestor, 'Opções de visualização', 'Mostrar o tempo de espera nos atendimentos', true);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const ana = await context.newPage();
  await login(ana, DEMO.ana);
  // A second tab of hers, on the same list.
  const other = await context.newPage();
  await other.goto('/chat');
  const cardIn = (page: Page) => page.getByRole('button', { name: `Abrir conversa com ${name}` });
  await expect(cardIn(ana).getByTestId('waiting-time')).toContainText('Aguardando há');

  await cardIn(ana).click();
  await expect(chatModal(ana).getByText('Alguém pode me atender?')).toBeVisible();
  // Opened by her, the card is read in both tabs.
  await expect(cardIn(other)).not.toHaveAttribute('data-unread', 'true');

  await chatModal(ana).getByRole('button', { name: 'Marcar como não lido' }).click();
  await expect(ana.getByText('Atendimento marcado como não lido.')).toBeVisible();
  await expect(chatModal(ana)).toHaveCount(0);
  await expect(cardIn(ana)).toHaveAttribute('data-unread', 'true');
  await expect(cardIn(other)).toHaveAttribute('data-unread', 'true');
});
