import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';

const sectorRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Setores' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** Sector names in table order (first cell holds the arrows, the second the name). */
async function sectorNames(page: Page) {
  return sectorRows(page).locator('td:nth-child(2)').allInnerTexts();
}

test('a administradora cria, reordena e exclui setores e cria um status de classificação', async ({
  page,
}) => {
  await login(page, DEMO.admin);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Setores' })
    .click();
  await expect(page).toHaveURL(/\/sectors$/);
  await expect(page.getByRole('heading', { name: 'Setores' })).toBeVisible();
  await expect.poll(() => sectorNames(page)).toEqual(['Comercial', 'Suporte', 'Financeiro']);

  // New sector: the name is required, then it goes to the end of the order.
  await page.getByRole('button', { name: 'Novo setor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo setor' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Nome é obrigatório')).toBeVisible();
  await dialog.getByLabel('Nome').fill('comercial');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Já existe um setor com este nome.')).toBeVisible();
  await dialog.getByLabel('Nome').fill('Ouvidoria');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Setor criado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => sectorNames(page)).toEqual(['Comercial', 'Suporte', 'Financeiro', 'Ouvidoria']);

  // Reorder: one place up, saved on the server (it survives a reload).
  await page.getByRole('button', { name: 'Mover Ouvidoria para cima' }).click();
  await expect(page.getByText('Ordem dos setores salva com sucesso!')).toBeVisible();
  await expect.poll(() => sectorNames(page)).toEqual(['Comercial', 'Suporte', 'Ouvidoria', 'Financeiro']);
  await page.reload();
  await expect.poll(() => sectorNames(page)).toEqual(['Comercial', 'Suporte', 'Ouvidoria', 'Financeiro']);

  // A classification status: saved, the page reloads after 3 s and the status is listed after it.
  const statusName = `Aguardando documentos ${Date.now()}`;
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Status' })
    .click();
  await expect(page.getByRole('heading', { name: 'Status' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Status' })).toContainText('Resolvido');
  await page.getByRole('button', { name: 'Novo status' }).click();
  const statusDialog = page.getByRole('dialog', { name: 'Novo status' });
  await statusDialog.getByLabel('Nome').fill(statusName);
  await statusDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(statusDialog.getByText('Selecione ao menos um setor.')).toBeVisible();
  await statusDialog.getByRole('combobox', { name: 'Setores' }).click();
  await page.getByRole('option', { name: 'Ouvidoria' }).click();
  await statusDialog.getByLabel('Cor').fill('#E8590C');
  // The chatbot option shows only when the company allows chatbots (off in the demo company).
  await expect(statusDialog.getByRole('switch', { name: 'Usar no chatbot' })).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { beforeReload?: boolean }).beforeReload = true;
  });
  await statusDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Status criado com sucesso!')).toBeVisible();
  // While the page reloads there is no window to ask: keep polling until the new one answers.
  const marker = () =>
    page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload).catch(() => true);
  await expect.poll(marker, { timeout: 10_000 }).toBeUndefined();
  const row = page.getByRole('table', { name: 'Status' }).getByRole('row', { name: new RegExp(statusName) });
  await expect(row).toContainText('Classificação');
  await expect(row).toContainText('Ouvidoria');

  // Delete a sector, after its confirmation.
  await page.goto('/sectors');
  await page.getByRole('button', { name: 'Excluir Ouvidoria' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir setor' });
  await expect(confirm).toContainText('Excluir o setor Ouvidoria?');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Setor excluído com sucesso!')).toBeVisible();
  await expect.poll(() => sectorNames(page)).toEqual(['Comercial', 'Suporte', 'Financeiro']);
});

test('sem acesso a configurações gerais, o gestor vê o aviso e a ordem volta', async ({ page, baseURL }) => {
  const admin = await apiAs(baseURL ?? '', DEMO.admin);
  const me = (await (await admin.get('/api/auth/me')).json()) as { companyId: number };
  const users = (await (await admin.get('/api/users')).json()) as { id: number; email: string }[];
  const manager = users.find((u) => u.email === DEMO.manager);
  const permissions = `/api/companies/${me.companyId}/permissions`;
  const grant = await admin.post(permissions, {
    data: {
      type: 'user',
      id: manager?.id,
      permissions: { remove: [], read: [], write: ['setores_de_atendimento'] },
    },
  });
  expect(grant.ok()).toBe(true);

  try {
    await login(page, DEMO.manager);
    await page.goto('/sectors');
    await expect(sectorRows(page).first()).toBeVisible();
    const before = await sectorNames(page);
    const last = before.at(-1) ?? '';
    await page.getByRole('button', { name: `Mover ${last} para cima` }).click();
    await expect(
      page.getByText('Você precisa de acesso a configurações gerais para alterar a ordem.'),
    ).toBeVisible();
    await expect.poll(() => sectorNames(page)).toEqual(before);
    await page.reload();
    await expect.poll(() => sectorNames(page)).toEqual(before);
  } finally {
    await admin.delete(`${permissions}/user/${manager?.id}`);
    await admin.dispose();
  }
});
