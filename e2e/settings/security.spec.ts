import { expect, test } from '@playwright/test';
import { DEMO, login, mainMenu } from '../support/demo';

test('lista de IPs valida cada entrada e só grava com "Salvar Alterações"', async ({ page }) => {
  await login(page, DEMO.admin);
  await mainMenu(page).filter({ hasText: 'Segurança' }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);

  const card = page.getByRole('region', { name: 'Lista de IPs permitidos' });
  const addRow = card.getByRole('form', { name: 'Adicionar IP' });
  const ip = addRow.getByLabel('IP');
  const mask = addRow.getByLabel('Máscara');
  const add = addRow.getByRole('button', { name: 'Adicionar' });

  await add.click();
  await expect(card.getByText('Preencha o campo com um IP.')).toBeVisible();

  await ip.fill('300.1.1.1');
  await add.click();
  await expect(card.getByText('Preencha o campo com um IP válido.')).toBeVisible();

  await ip.fill('10.0.0.1');
  await mask.fill('33');
  await add.click();
  await expect(card.getByText('A máscara deve ser maior que 0 e menor que 33.')).toBeVisible();

  await mask.fill('24');
  await add.click();
  await expect(card.getByRole('cell', { name: '10.0.0.1', exact: true })).toBeVisible();
  await expect(card.getByText('Há alterações não salvas.')).toBeVisible();

  await ip.fill('10.0.0.1');
  await mask.fill('24');
  await add.click();
  await expect(card.getByText('Este IP já está na lista.')).toBeVisible();

  await card.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Empresa atualizada com sucesso!')).toBeVisible();
  await expect(card.getByText('Nenhuma alteração pendente.')).toBeVisible();

  // Saved on the server: a fresh page still lists it; removing asks first.
  await page.reload();
  await expect(card.getByRole('cell', { name: '10.0.0.1', exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Remover IP 10.0.0.1/24' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
  await expect(card.getByText('Nenhum IP na lista.')).toBeVisible();
  await card.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Empresa atualizada com sucesso!').first()).toBeVisible();
});

test('ligar o filtro sem o próprio IP é recusado com a mensagem do servidor', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/settings/security');
  const card = page.getByRole('region', { name: 'Lista de IPs permitidos' });
  await card.getByRole('switch', { name: 'Filtrar acesso por IP' }).click();
  await card.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Erro!' })).toContainText(
    'O seu IP atual não está na lista.',
  );
});
