import { expect, type Page, test } from '@playwright/test';
import { DEMO, login } from '../support/demo';

test.use({ viewport: { width: 1280, height: 800 } });

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Screenshots without the toasts over the page: the pointer leaves them, and they close by themselves. */
async function settledShot(page: Page, path: string) {
  await page.mouse.move(10, 790);
  await expect(page.locator('.mantine-Notifications-notification')).toHaveCount(0);
  await page.screenshot({ path, fullPage: true });
}

test('sem login no Facebook, a tela diz Não conectado e não lista páginas; o Instagram pede cada campo', async ({
  page,
}) => {
  await login(page, DEMO.manager);
  await menu(page).getByRole('link', { name: 'Facebook e Instagram' }).click();
  await expect(page).toHaveURL(/\/channels\/facebook$/);
  await expect(page.getByRole('heading', { name: 'Facebook e Instagram' })).toBeVisible();
  await expect(page.getByText('Não conectado ao Facebook.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar com o Facebook' })).toBeVisible();
  await expect(page.getByText('Nenhuma página encontrada.')).toBeVisible();
  await settledShot(page, 'docs/screenshots/facebook-not-logged.png');

  // A login the user cancelled at Facebook comes back with ?login=cancelled: the spec's text, once.
  await page.goto('/channels/facebook?login=cancelled');
  await expect(page.getByText('Login cancelado ou não autorizado.')).toBeVisible();
  await expect(page).toHaveURL(/\/channels\/facebook$/);
  await page.goto('/channels/facebook?login=error');
  await expect(
    page.getByText('Erro ao efetuar login no Facebook, por favor tente novamente mais tarde.'),
  ).toBeVisible();

  await menu(page).getByRole('link', { name: 'Instagram', exact: true }).click();
  await expect(page).toHaveURL(/\/channels\/instagram$/);
  await expect(page.getByText('Nenhuma conta do Instagram cadastrada')).toBeVisible();
  await expect(page.getByText('chegam pela página do Facebook vinculada')).toBeVisible();
  await page.getByRole('button', { name: 'Nova conta' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nova conta do Instagram' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  for (const field of ['Página', 'Nome', 'Setor', 'Aceite dos termos']) {
    await expect(form.getByText(`Campo ${field} é obrigatório!`)).toBeVisible();
  }
  await page.screenshot({ path: 'docs/screenshots/instagram-form.png' });
});
