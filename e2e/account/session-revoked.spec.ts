import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, login } from '../support/demo';

async function changePassword(page: Page, current: string, next: string) {
  await page.goto('/account');
  const form = page.getByRole('region', { name: 'Alterar senha' });
  await form.getByLabel('Senha atual').fill(current);
  await form.getByLabel('Nova senha', { exact: true }).fill(next);
  await form.getByLabel('Confirmar nova senha').fill(next);
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Sua senha foi alterada com sucesso!')).toBeVisible();
}

test('trocar a senha encerra, em tempo real, as outras sessões do usuário', async ({ browser }) => {
  const here = await (await browser.newContext()).newPage();
  const elsewhere = await (await browser.newContext()).newPage();
  await login(here, DEMO.ana);
  await login(elsewhere, DEMO.ana);
  await expect(elsewhere.getByText('Conectado', { exact: true })).toBeVisible();

  await changePassword(here, DEMO_PASSWORD, 'Temporaria2026');

  await expect(elsewhere).toHaveURL(/\/login$/);
  await expect(
    elsewhere.getByText('Sua senha foi alterada. Entre novamente com a nova senha.'),
  ).toBeVisible();
  // The session that changed the password stays.
  await here.goto('/chat');
  await expect(here).toHaveURL(/\/chat$/);

  await changePassword(here, 'Temporaria2026', DEMO_PASSWORD);
  await here.context().close();
  await elsewhere.context().close();
});
