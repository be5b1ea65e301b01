import { expect, test } from '@playwright/test';
import { DEMO, login, mainMenu } from '../support/demo';

test('minha conta troca a senha e a nova senha passa a valer', async ({ page }) => {
  await login(page, DEMO.bruno);
  await mainMenu(page).filter({ hasText: 'Minha conta' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Perfil' })).toContainText(DEMO.bruno);

  const form = page.getByRole('region', { name: 'Alterar senha' });
  await form.getByLabel('Senha atual').fill('Prosa@2026');
  await form.getByLabel('Nova senha', { exact: true }).fill('NovaSenha2026');
  await form.getByLabel('Confirmar nova senha').fill('OutraSenha2026');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(form.getByText('As senhas não conferem.')).toBeVisible();

  await form.getByLabel('Confirmar nova senha').fill('NovaSenha2026');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Sua senha foi alterada com sucesso!')).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await login(page, DEMO.bruno, 'NovaSenha2026');

  // Other specs log in as Bruno with the demo password: put it back.
  const restore = await page.request.post('/api/users/change-password', {
    data: { currentPassword: 'NovaSenha2026', newPassword: 'Prosa@2026', confirmPassword: 'Prosa@2026' },
  });
  expect(restore.ok()).toBe(true);
});

test('redefinir o token de tempo real reconecta', async ({ page }) => {
  await login(page, DEMO.ana);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Tempo real' });
  await expect(card.getByText('Conectado', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Redefinir token de tempo real' }).click();
  await expect(page.getByText('Token de tempo real redefinido com sucesso!')).toBeVisible();
  await expect(card.getByText('Conectado', { exact: true })).toBeVisible();
});

test('aplicativo autenticador mostra o código QR e recusa um código errado', async ({ page }) => {
  await login(page, DEMO.manager);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Aplicativo autenticador' });
  await card.getByRole('button', { name: 'Ativar aplicativo autenticador' }).click();
  await expect(card.getByRole('img', { name: /Código QR/ })).toBeVisible();
  await expect(card.getByTestId('totp-secret')).toHaveText(/^[A-Z2-7]{16,}$/);
  await card.getByLabel('Código do aplicativo').fill('000000');
  await card.getByRole('button', { name: 'Ativar', exact: true }).click();
  await expect(page.getByText('Código do aplicativo inválido.')).toBeVisible();
});
