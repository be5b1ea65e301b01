import { expect, test } from '@playwright/test';
import { DEMO, login } from '../support/demo';

test('minha conta altera o nome de exibição e o cabeçalho mostra o novo nome na hora', async ({ page }) => {
  await login(page, DEMO.manager);
  const original = (await (await page.request.get('/api/users/me/profile')).json()) as Record<
    string,
    unknown
  >;
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Meus dados' });
  const display = form.getByRole('textbox', { name: 'Nome de exibição' });
  await expect(display).not.toHaveValue('');

  await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('');
  await form.getByRole('button', { name: 'Salvar dados' }).click();
  await expect(form.getByText('Nome é obrigatório')).toBeVisible();

  await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('Gestora Demo');
  await display.fill('Gestora Carla');
  await form.getByRole('button', { name: 'Salvar dados' }).click();
  await expect(page.getByText('Os dados foram atualizados com sucesso!')).toBeVisible();
  await expect(page.getByTestId('user-display-name')).toHaveText('Gestora Carla');

  // A new e-mail asks for the current password before it is saved.
  await form.getByRole('textbox', { name: 'E-mail' }).fill('gestora.nova@empresademo.com.br');
  await expect(form.getByRole('textbox', { name: 'Senha atual' })).toBeVisible();

  // Other specs expect the demo manager's display name: put it back.
  const put = await page.request.put('/api/users/me/profile', { data: original });
  expect(put.ok()).toBe(true);
});
