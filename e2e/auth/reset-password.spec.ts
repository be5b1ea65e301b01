import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, login, readMail } from '../support/demo';

test('o link de recuperação enviado por e-mail define uma nova senha', async ({ page }) => {
  const since = Date.now();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  await page.getByLabel('E-mail').fill(DEMO.manager);
  await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
  await expect(page.getByText('Se o e-mail estiver cadastrado')).toBeVisible();

  const link = await readMail(DEMO.manager, since, /(http\S+\/reset-password\?token=\S+)/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('Redefinida2026');
  await page.getByLabel('Confirmar nova senha').fill('Redefinida2026');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Sua senha foi alterada com sucesso!')).toBeVisible();

  // A link works once.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('Nova senha', { exact: true }).fill('OutraSenha2026');
  await page.getByLabel('Confirmar nova senha').fill('OutraSenha2026');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Link de redefinição inválido ou expirado. Solicite um novo.',
  );

  await login(page, DEMO.manager, 'Redefinida2026');
  // Back to the demo password for anyone using this account later in the run.
  await page.goto('/account');
  const form = page.getByRole('region', { name: 'Alterar senha' });
  await form.getByLabel('Senha atual').fill('Redefinida2026');
  await form.getByLabel('Nova senha', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByLabel('Confirmar nova senha').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Sua senha foi alterada com sucesso!')).toBeVisible();
});
