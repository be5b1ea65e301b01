import { expect, type Page, test } from '@playwright/test';
import { DEMO, login } from '../support/demo';

const WEBCHAT_CODE = 'demo-empresa';
const chatModal = (page: Page) => page.getByTestId('chat-modal');

test('classificar e finalizar ficam em grupos separados, e finalizar pede confirmação', async ({
  page,
  request,
}) => {
  const name = `Status ${Date.now()}`;
  const started = await request.post(`/api/webchat/${WEBCHAT_CODE}/visitors`, {
    data: { form: { nome: name } },
  });
  expect(started.ok()).toBe(true);
  const { token } = (await started.json()) as { token: string };
  const sent = await request.post('/api/webchat/visitor/messages', {
    headers: { 'x-visitor-token': token },
    data: { text: 'Preciso de ajuda', client_id: `e2e-status-${Date.now()}` },
  });
  expect(sent.ok()).toBe(true);

  await login(page, DEMO.ana);
  const card = page.getByRole('button', { name: `Abrir conversa com ${name}` });
  await card.click();
  await expect(chatModal(page).getByRole('heading', { name })).toBeVisible();

  // Two labelled groups: what keeps the attendance open, and what ends it.
  const status = chatModal(page).getByRole('combobox', { name: 'Status do atendimento' });
  await status.click();
  const classify = page.getByRole('group', { name: 'Classificar (o atendimento continua aberto)' });
  const finalize = page.getByRole('group', { name: 'Finalizar (encerra o atendimento)' });
  await expect(classify.getByRole('option', { name: 'Em negociação' })).toBeVisible();
  await expect(classify.getByRole('option', { name: 'Resolvido' })).toHaveCount(0);
  await expect(finalize.getByRole('option', { name: 'Resolvido' })).toBeVisible();
  await expect(finalize.getByRole('option', { name: 'Em negociação' })).toHaveCount(0);

  // The demo company confirms finalizations: cancelling keeps the conversation open as it was.
  await finalize.getByRole('option', { name: 'Resolvido' }).click();
  const confirm = page.getByRole('dialog', { name: 'Finalizar atendimento' });
  await expect(confirm).toContainText(`Finalizar o atendimento de ${name} com o status "Resolvido"?`);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(chatModal(page)).toBeVisible();
  await expect(status).toHaveValue('');

  // A classification applies at once.
  await status.click();
  await classify.getByRole('option', { name: 'Em negociação' }).click();
  await expect(page.getByText('Status alterado com sucesso!')).toBeVisible();
  await expect(status).toHaveValue('Em negociação');

  await status.click();
  await finalize.getByRole('option', { name: 'Resolvido' }).click();
  await confirm.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByText('Atendimento finalizado com sucesso!')).toBeVisible();
  await expect(chatModal(page)).toBeHidden();
  await expect(card).toHaveCount(0);
});
