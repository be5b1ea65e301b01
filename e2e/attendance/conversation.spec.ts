import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, login } from '../support/demo';
import { visitorStarts, widgetLog, widgetSends } from '../support/webchat';

const WEBCHAT_CODE = 'demo-empresa';

/** A conversation started through the visitor API, for the tests that only need a card. */
async function visitorByApi(request: APIRequestContext, name: string, text: string) {
  const started = await request.post(`/api/webchat/${WEBCHAT_CODE}/visitors`, {
    data: { form: { nome: name } },
  });
  expect(started.ok()).toBe(true);
  const { token } = (await started.json()) as { token: string };
  const sent = await request.post('/api/webchat/visitor/messages', {
    headers: { 'x-visitor-token': token },
    data: { text, client_id: `e2e-${Date.now()}` },
  });
  expect(sent.ok()).toBe(true);
}

const chatModal = (page: Page) => page.getByTestId('chat-modal');
const messages = (page: Page) => chatModal(page).getByRole('log', { name: 'Mensagens' });

/** A finalization asks first in the demo company (confirmCompletionStatus): `finalizes` confirms it. */
async function chooseStatus(page: Page, status: string, finalizes = false) {
  await chatModal(page).getByRole('combobox', { name: 'Status do atendimento' }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  if (finalizes) {
    await page
      .getByRole('dialog', { name: 'Finalizar atendimento' })
      .getByRole('button', { name: 'Finalizar' })
      .click();
  }
}

test('operadora recebe, responde e finaliza uma conversa do web chat, tudo em tempo real', async ({
  browser,
}) => {
  const name = `Visitante ${Date.now()}`;
  const ana = await (await browser.newContext()).newPage();
  await login(ana, DEMO.ana);

  const visitor = await visitorStarts(browser, name, 'Olá, quero saber o prazo de entrega.');

  // The card arrives through the socket: the page is never reloaded.
  const card = ana.getByRole('button', { name: `Abrir conversa com ${name}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Olá, quero saber o prazo de entrega.');
  await card.click();
  await expect(chatModal(ana).getByRole('heading', { name })).toBeVisible();
  await expect(messages(ana).getByText('Olá, quero saber o prazo de entrega.')).toBeVisible();

  const composer = chatModal(ana).getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('Olá! O prazo é de *3 dias úteis*.');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(messages(ana).getByText('3 dias úteis')).toBeVisible();
  // *bold* is shown as bold text, never as markup.
  await expect(messages(ana).locator('strong', { hasText: '3 dias úteis' })).toBeVisible();

  await expect(widgetLog(visitor).getByText(/O prazo é de/)).toBeVisible();
  await widgetSends(visitor, 'Perfeito, obrigado!');
  await expect(messages(ana).getByText('Perfeito, obrigado!')).toBeVisible();

  await chooseStatus(ana, 'Em negociação');
  await expect(ana.getByText('Status alterado com sucesso!')).toBeVisible();
  await expect(chatModal(ana)).toBeVisible();

  await chooseStatus(ana, 'Resolvido', true);
  await expect(ana.getByText('Atendimento finalizado com sucesso!')).toBeVisible();
  await expect(chatModal(ana)).toBeHidden();
  await expect(card).toHaveCount(0);

  await expect(visitor.getByText(/Atendimento finalizado/)).toBeVisible();
  await visitor.context().close();
  await ana.context().close();

  // The finalized attendance is in the history with its whole conversation.
  const manager = await (await browser.newContext()).newPage();
  await login(manager, DEMO.manager);
  await manager
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Histórico' })
    .click();
  const row = manager
    .getByRole('table', { name: 'Atendimentos do histórico' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Resolvido' })).toBeVisible();
  await row.getByRole('button', { name: /^Ver conversa / }).click();
  const log = manager.getByRole('dialog').getByRole('log', { name: 'Mensagens do atendimento' });
  for (const text of ['Olá, quero saber o prazo de entrega.', 'Perfeito, obrigado!', '3 dias úteis']) {
    await expect(log.getByText(text, { exact: false })).toBeVisible();
  }
  await manager.context().close();
});

test('o texto vazio ou com iframe não é enviado, a citação aparece e a conversa é copiada', async ({
  page,
  request,
}) => {
  const name = `Contato ${Date.now()}`;
  await visitorByApi(request, name, 'Qual o horário de atendimento?');
  await login(page, DEMO.ana);
  await page.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  await expect(messages(page).getByText('Qual o horário de atendimento?')).toBeVisible();

  const composer = chatModal(page).getByRole('textbox', { name: 'Mensagem' });
  await composer.press('Enter');
  await expect(page.getByText('Sua mensagem está vazia.')).toBeVisible();

  await composer.fill('<iframe src="https://exemplo.com"></iframe>');
  await composer.press('Enter');
  await expect(page.getByText('Mensagem do tipo Iframe não pode ser enviada!')).toBeVisible();
  await expect(composer).toHaveValue('<iframe src="https://exemplo.com"></iframe>');

  // Shift+Enter breaks the line instead of sending.
  await composer.fill('Das 8h às 18h.');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('De segunda a sexta.');
  await expect(composer).toHaveValue('Das 8h às 18h.\nDe segunda a sexta.');

  await messages(page)
    .getByRole('button', { name: new RegExp(`Ações da mensagem de ${name}`) })
    .click();
  await page.getByRole('menuitem', { name: 'Responder' }).click();
  await expect(chatModal(page).getByLabel('Mensagem citada')).toContainText('Qual o horário de atendimento?');
  await composer.press('Enter');
  const reply = messages(page).getByTestId('message').filter({ hasText: 'De segunda a sexta.' });
  await expect(reply).toContainText('Qual o horário de atendimento?');
  await expect(chatModal(page).getByLabel('Mensagem citada')).toHaveCount(0);

  await chatModal(page).getByRole('button', { name: 'Copiar conversa' }).click();
  await expect(page.getByText('Conteúdo copiado com sucesso!')).toBeVisible();

  await chatModal(page).getByRole('button', { name: 'Fechar conversa' }).click();
  await expect(chatModal(page)).toBeHidden();
});

test('a exibição em grade fica salva para o usuário', async ({ page, request }) => {
  await visitorByApi(request, `Grade ${Date.now()}`, 'Bom dia');
  await login(page, DEMO.manager);
  const firstCard = page.getByTestId('attendance-card').first();
  await expect(firstCard).toHaveAttribute('data-layout', 'list');
  await page.getByText('Grade', { exact: true }).click();
  await expect(firstCard).toHaveAttribute('data-layout', 'grid');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Atendimentos' })).toBeVisible();
  await expect(firstCard).toHaveAttribute('data-layout', 'grid');
  await page.getByText('Lista', { exact: true }).click();
  await expect(firstCard).toHaveAttribute('data-layout', 'list');
});

test('a conversa aberta fecha sozinha quando o gestor a transfere ou finaliza', async ({
  browser,
  request,
}) => {
  const name = `Cliente ${Date.now()}`;
  await visitorByApi(request, name, 'Preciso de ajuda com meu pedido');
  const ana = await (await browser.newContext()).newPage();
  const manager = await (await browser.newContext()).newPage();
  await login(ana, DEMO.ana);
  await login(manager, DEMO.manager);
  // The transfer warning reaches Ana only through her socket: it is connected before the manager acts.
  await expect(ana.getByText('Conectado', { exact: true })).toBeVisible();

  // Opening it gives the unassigned card to Ana (triage OPERATOR); the manager sees her as responsible.
  await ana.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  await expect(messages(ana).getByText('Preciso de ajuda com meu pedido')).toBeVisible();
  const managerCard = manager.getByRole('button', { name: `Abrir conversa com ${name}` });
  await expect(managerCard).toContainText('Ana');

  await managerCard.click();
  await chatModal(manager).getByRole('button', { name: 'Alterar operador' }).click();
  const dialog = manager.getByRole('dialog', { name: 'Alterar operador' });
  await dialog.getByRole('radio', { name: 'Gustavo' }).check();
  await dialog.getByRole('button', { name: 'Alterar operador' }).click();
  await expect(manager.getByText('Operador alterado com sucesso!')).toBeVisible();

  await expect(chatModal(ana)).toBeHidden();
  await expect(ana.getByText('Este atendimento foi transferido para outro operador.')).toBeVisible();
  await expect(ana.getByRole('button', { name: `Abrir conversa com ${name}` })).toHaveCount(0);

  // The manager still sees it and finalizes it.
  await expect(chatModal(manager)).toContainText('Gustavo');
  await chooseStatus(manager, 'Venda realizada', true);
  await expect(manager.getByText('Atendimento finalizado com sucesso!')).toBeVisible();
  await expect(chatModal(manager)).toBeHidden();
  await ana.context().close();
  await manager.context().close();
});
