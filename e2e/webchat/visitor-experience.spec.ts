import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';

const WAITING = 'Aguarde, em instantes um atendente irá falar com você.';
const widgetLog = (page: Page) => page.getByRole('log', { name: 'Conversa' });
const chatModal = (page: Page) => page.getByTestId('chat-modal');
const messages = (page: Page) => chatModal(page).getByRole('log', { name: 'Mensagens' });

test('o visitante corrige o e-mail, vê a espera, a citação da resposta e a mensagem do status de finalização', async ({
  browser,
  baseURL,
}) => {
  // Three people (visitor, operator, admin) on a shared machine: more time than a one-screen test.
  test.slow();
  const stamp = Date.now().toString(36);
  const name = `Mariana ${stamp}`;
  const farewell = `Obrigado pelo contato, ${stamp}! Conte com a gente.`;

  // A finalization status with a "Mensagem", as an admin configures it.
  const admin = await apiAs(baseURL ?? '', DEMO.admin);
  const me = (await (await admin.get('/api/auth/me')).json()) as { companyId: number };
  const sectors = (await (await admin.get('/api/sectors')).json()) as { id: number }[];
  const created = await admin.post(`/api/companies/${me.companyId}/statuses`, {
    data: {
      name: `Encerrado ${stamp}`,
      should_close: 1,
      message: farewell,
      sectors: sectors.map((s) => s.id),
    },
  });
  expect(created.ok()).toBe(true);
  const statusId = ((await created.json()) as { status: { id: number } }).status.id;

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/demo/webchat');
  await visitor.getByRole('button', { name: /conversa/ }).click();
  await visitor.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await visitor.getByRole('textbox', { name: 'E-mail', exact: true }).fill('mariana@');
  await visitor.getByRole('textbox', { name: 'Telefone', exact: true }).fill('11987654321');
  await visitor.getByRole('button', { name: 'Iniciar conversa' }).click();
  await expect(visitor.getByRole('alert')).toHaveText('Campo E-mail é inválido!');
  await visitor.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`mariana.${stamp}@exemplo.com.br`);
  await visitor.getByRole('button', { name: 'Iniciar conversa' }).click();

  const box = visitor.getByRole('textbox', { name: 'Mensagem' });
  await box.fill('Qual o prazo de entrega?');
  await box.press('Enter');
  await expect(widgetLog(visitor).getByText('Qual o prazo de entrega?')).toBeVisible();
  await expect(widgetLog(visitor).getByText(WAITING)).toBeVisible();

  // Ana answers quoting the question.
  const ana = await (await browser.newContext()).newPage();
  await login(ana, DEMO.ana);
  await ana.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  await messages(ana)
    .getByRole('button', { name: new RegExp(`Ações da mensagem de ${name}`) })
    .click();
  await ana.getByRole('menuitem', { name: 'Responder' }).click();
  const composer = chatModal(ana).getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('Em três dias úteis.');
  await composer.press('Enter');
  await expect(messages(ana).getByText('Em três dias úteis.')).toBeVisible();

  // The visitor sees the quoted question above the answer, and no more waiting text.
  const answer = widgetLog(visitor).locator('.msg.operator', { hasText: 'Em três dias úteis.' });
  await expect(answer.locator('.quote')).toContainText('Qual o prazo de entrega?');
  await expect(widgetLog(visitor).getByText(WAITING)).toBeHidden();

  // Finalized with that status, the visitor receives its message, then the finalization notice.
  const anaApi = await apiAs(baseURL ?? '', DEMO.ana);
  const anaMe = (await (await anaApi.get('/api/auth/me')).json()) as { id: number; companyId: number };
  const list = (await (await anaApi.get('/api/attendances?kind=web')).json()) as {
    items: { id: number; name: string; sector_id: number }[];
  };
  const card = list.items.find((c) => c.name === name);
  expect(card).toBeDefined();
  const finalized = await anaApi.post(`/api/set-status/${anaMe.companyId}/${card?.sector_id}/${anaMe.id}`, {
    data: { status: statusId, contact: card?.id },
  });
  expect(finalized.ok()).toBe(true);
  await expect(widgetLog(visitor).getByText(farewell)).toBeVisible();
  await expect(widgetLog(visitor).getByText(/Atendimento finalizado\. Protocolo:/)).toBeVisible();
  await admin.dispose();
  await anaApi.dispose();
});
