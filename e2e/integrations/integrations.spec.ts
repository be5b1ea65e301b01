import { expect, test } from '@playwright/test';
import { sql } from '../support/database';
import { DEMO, login } from '../support/demo';

const NAME = `RD Marketing ${Date.now().toString(36)}`;

// A company has one integration per kind: a run before this one (a retry) leaves none behind.
test.beforeAll(async () => {
  await sql(
    'delete from integration_deliveries where company_id = (select company_id from users where email = $1)',
    [DEMO.manager],
  );
  await sql(
    `delete from integrations where kind = 'rdstation_marketing'
       and company_id = (select company_id from users where email = $1)`,
    [DEMO.manager],
  );
});

test('o gestor cria uma integração com a RD Station Marketing e a vê ativa na lista', async ({ page }) => {
  await login(page, DEMO.manager);
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { name: 'Integrações' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Entregas recentes' })).toBeVisible();

  await page.getByRole('button', { name: 'Nova integração' }).click();
  const modal = page.getByRole('dialog', { name: 'Nova integração' });
  await expect(modal).toBeVisible();
  // The list may not open on a click that lands while the modal is still opening: tried until it does.
  await expect(async () => {
    await modal.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'RD Station Marketing' }).click({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  // Saved without a name: the spec's text, and nothing created.
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal.getByText('A integração é obrigatória')).toBeVisible();
  await expect(modal.getByText('O Client Id é obrigatório.')).toBeVisible();

  await modal.getByRole('textbox', { name: 'Nome', exact: true }).fill(NAME);
  await modal.getByRole('textbox', { name: 'Client Id' }).fill('cliente-e2e');
  await modal.getByLabel('Client Secret').fill('segredo-e2e');
  await modal.getByLabel('Client Code').fill('codigo-e2e');
  await modal.getByRole('textbox', { name: 'Nome →' }).fill('cf_nome');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Integração criada com sucesso!')).toBeVisible();
  await expect(modal).toBeHidden();

  const row = page.getByRole('table', { name: 'Integrações' }).getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toContainText('RD Station Marketing');
  await expect(row).toContainText('Ativa');

  // Editing shows the secrets as set, never their values.
  await row.getByRole('button', { name: `Editar ${NAME}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar integração' });
  await expect(edit.getByLabel('Client Secret')).toHaveAttribute('placeholder', '••• definido');
  await expect(edit.getByLabel('Client Secret')).toHaveValue('');
  await expect(edit.getByRole('textbox', { name: 'Nome →' })).toHaveValue('cf_nome');
});
