import { expect, test } from '@playwright/test';
import { DEMO, login, mainMenu } from '../support/demo';

test('a lista de IPs salva por um administrador aparece na tela aberta de outro, sem recarregar', async ({
  browser,
}) => {
  const editor = await (await browser.newContext()).newPage();
  const watcher = await (await browser.newContext()).newPage();
  await login(editor, DEMO.admin);
  await login(watcher, DEMO.admin);
  await editor.goto('/settings/security');
  // The watcher's socket is connected before the change (an event sent earlier is not replayed), and the
  // screen is reached through the menu, which keeps that socket.
  await expect(watcher.getByText('Conectado', { exact: true })).toBeVisible();
  await mainMenu(watcher).filter({ hasText: 'Segurança' }).click();
  await expect(watcher).toHaveURL(/\/settings\/security$/);
  const watched = watcher.getByRole('region', { name: 'Lista de IPs permitidos' });
  await expect(watched.getByText('Nenhum IP na lista.')).toBeVisible();

  const card = editor.getByRole('region', { name: 'Lista de IPs permitidos' });
  await card.getByLabel('IP', { exact: true }).fill('192.168.50.0');
  await card.getByLabel('Máscara').fill('24');
  await card.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await card.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(editor.getByText('Empresa atualizada com sucesso!')).toBeVisible();

  await expect(watched.getByRole('cell', { name: '192.168.50.0', exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Remover IP 192.168.50.0/24' }).click();
  await editor.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
  await card.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(watched.getByText('Nenhum IP na lista.')).toBeVisible();
  await editor.context().close();
  await watcher.context().close();
});
