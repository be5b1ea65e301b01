import { expect, type Page, test } from '@playwright/test';
import { DEMO, login, mainMenu } from '../support/demo';

// Internal messenger (issue 20): a manager writes to Ana asking for an answer; Ana, in her own browser, sees the
// unread badge and the message arrive live, reads and answers; the manager's open conversation shows the answer
// live. Texts carry a stamp so other specs' data never matters.

const STAMP = Date.now().toString(36);
const QUESTION = `Reunião de alinhamento às 15h? ${STAMP}`;
const ANSWER = `Confirmado, estarei lá ${STAMP}`;

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const messengerEntry = (page: Page) => mainMenu(page).filter({ hasText: 'Comunicação interna' });

test('o gestor escreve, a operadora vê ao vivo com o aviso de não lida e responde, o gestor vê a resposta', async ({
  browser,
}) => {
  const gestor = await (await browser.newContext()).newPage();
  const ana = await (await browser.newContext()).newPage();
  await login(gestor, DEMO.manager);
  await login(ana, DEMO.ana);
  await expect(messengerEntry(ana)).toBeVisible();
  await expect(messengerEntry(ana).getByTestId('messenger-unread')).toHaveCount(0);

  // The manager writes to Ana only, asking for an answer; the spec's validation text first.
  await messengerEntry(gestor).click();
  await expect(gestor).toHaveURL(/\/messenger$/);
  await gestor.getByRole('button', { name: 'Nova mensagem' }).click();
  const modal = gestor.getByRole('dialog', { name: 'Nova mensagem' });
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Todos os campos devem ser preenchidos.');
  await modal.getByRole('combobox', { name: 'Operadores' }).click();
  await gestor.getByRole('option', { name: 'Ana Operadora' }).click();
  await modal.getByRole('textbox', { name: 'Mensagem' }).fill(QUESTION);
  await modal.getByRole('checkbox', { name: 'Precisa de resposta' }).check();
  await shot(gestor, 'messenger-new-message');
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal).toHaveCount(0);
  await gestor.getByRole('button', { name: /Conversa com Ana Operadora/ }).click();
  await expect(gestor.getByLabel('Mensagens').getByText(QUESTION)).toBeVisible();
  await expect(
    gestor.getByLabel('Mensagens').getByText('Precisa de resposta', { exact: true }),
  ).toBeVisible();

  // Ana, without reloading: the badge on her menu entry, then the chat and the message.
  await expect(messengerEntry(ana).getByTestId('messenger-unread')).toHaveText('1');
  await messengerEntry(ana).click();
  const card = ana.getByRole('button', { name: /Conversa com Gustavo Gestor/ });
  await expect(card).toContainText(QUESTION);
  await card.click();
  await expect(ana.getByLabel('Mensagens').getByText(QUESTION)).toBeVisible();
  await expect(messengerEntry(ana).getByTestId('messenger-unread')).toHaveCount(0);
  await shot(ana, 'messenger-operator');

  // An empty answer is refused with the spec's text; then she answers.
  await ana.getByRole('button', { name: 'Responder' }).click();
  await expect(ana.getByText('O campo de resposta deve ser preenchido.')).toBeVisible();
  await ana.getByRole('textbox', { name: 'Resposta' }).fill(ANSWER);
  await ana.getByRole('button', { name: 'Responder' }).click();
  await expect(ana.getByLabel('Mensagens').getByText(ANSWER)).toBeVisible();

  // The manager's open conversation shows the answer live and the question as answered.
  await expect(gestor.getByLabel('Mensagens').getByText(ANSWER)).toBeVisible();
  await expect(gestor.getByText('Respondida', { exact: true })).toBeVisible();
  await shot(gestor, 'messenger-manager');
  // Read on screen: nothing stays unread for either of them.
  await expect(messengerEntry(gestor).getByTestId('messenger-unread')).toHaveCount(0);

  // The internal-communication dashboard lists both of them today.
  await gestor.goto('/dashboards/communication');
  const table = gestor.getByRole('table', { name: 'Comunicação por usuário' });
  await expect(table.getByRole('row').filter({ hasText: 'Ana Operadora' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Gustavo Gestor' })).toBeVisible();
  await shot(gestor, 'dashboard-communication');

  await gestor.context().close();
  await ana.context().close();
});

/** Switches the internal messenger in the settings, as the manager does. */
async function switchMessenger(page: Page, on: boolean) {
  await page.goto('/settings?tab=internal-messenger');
  const control = page.getByRole('switch', { name: 'Ativar a comunicação interna' });
  if (on) await control.check();
  else await control.uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configuração alterada com sucesso!').first()).toBeVisible();
}

test('o operador escreve ao gestor, que vê ao vivo; desligada nas configurações, a comunicação interna some para todos', async ({
  browser,
}) => {
  test.slow();
  const gestor = await (await browser.newContext()).newPage();
  const bruno = await (await browser.newContext()).newPage();
  await login(gestor, DEMO.manager);
  await login(bruno, DEMO.bruno);
  const text = `Posso trocar meu intervalo para as 16h? ${STAMP}`;

  // Bruno picks a manager and writes; the manager's badge counts it without a reload.
  await messengerEntry(bruno).click();
  await bruno.getByRole('button', { name: 'Nova mensagem' }).click();
  const modal = bruno.getByRole('dialog', { name: 'Nova mensagem' });
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Todos os campos devem ser preenchidos.');
  await modal.getByLabel('Gestor').click();
  await bruno.getByRole('option', { name: 'Gustavo Gestor' }).click();
  await modal.getByRole('textbox', { name: 'Mensagem' }).fill(text);
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal).toHaveCount(0);
  await expect(bruno.getByRole('button', { name: /Conversa com Gustavo Gestor/ }).first()).toBeVisible();
  await expect(messengerEntry(gestor).getByTestId('messenger-unread')).toHaveText('1');
  await messengerEntry(gestor).click();
  const card = gestor.getByRole('button', { name: /Conversa com Bruno/ });
  await expect(card).toContainText(text);

  // The manager turns the messenger off: the entry leaves Bruno's menu live, and its address sends him to the chat.
  try {
    await switchMessenger(gestor, false);
    await expect(messengerEntry(bruno)).toHaveCount(0);
    await bruno.goto('/messenger');
    await expect(bruno).toHaveURL(/\/chat$/);
    await expect(bruno.getByText('Não foi possível acessar este recurso.')).toBeVisible();
  } finally {
    await switchMessenger(gestor, true);
  }
  await expect(messengerEntry(bruno)).toBeVisible();

  await gestor.context().close();
  await bruno.context().close();
});
