import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, fillCredentials, login, mainMenu } from '../support/demo';

// Issue 5's end-to-end path: an admin sets a new company up from the screens alone — company, sector,
// status and operator — and the new operator logs in and works in that sector.
const SUFFIX = Date.now().toString(36);

async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('o administrador cria empresa, setor, status e operador; o operador entra e vê o setor', async ({
  page,
}) => {
  const company = `Floricultura Ipê ${SUFFIX}`;
  const sector = `Entregas ${SUFFIX}`;
  const status = `Entrega agendada ${SUFFIX}`;
  const operatorEmail = `lia.${SUFFIX}@floricultura-ipe.com.br`;

  await login(page, DEMO.admin);
  await mainMenu(page).filter({ hasText: 'Empresas' }).click();

  // The company.
  await page.getByRole('button', { name: 'Nova empresa' }).click();
  const newCompany = page.getByRole('dialog', { name: 'Nova empresa' });
  await newCompany.getByRole('textbox', { name: 'Nome' }).fill(company);
  await newCompany.getByRole('textbox', { name: 'Domínio' }).fill(`ipe-${SUFFIX}.com.br`);
  await newCompany.getByRole('textbox', { name: 'Organização' }).fill('Floricultura Ipê Ltda');
  await pick(page, newCompany, 'Plano', 'Essencial');
  await newCompany.getByRole('button', { name: 'Criar empresa' }).click();
  await expect(page.getByText('Empresa criada com sucesso!')).toBeVisible();
  await page.getByRole('table', { name: 'Empresas' }).getByRole('row').filter({ hasText: company }).click();
  await expect(page.getByRole('heading', { name: company })).toBeVisible();

  // Its sector.
  await page.getByRole('tab', { name: 'Setores' }).click();
  await page.getByRole('button', { name: 'Novo setor' }).click();
  const sectorDialog = page.getByRole('dialog', { name: 'Novo setor' });
  await sectorDialog.getByLabel('Nome').fill(sector);
  await sectorDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Setor criado com sucesso!')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Setores' })).toContainText(sector);

  // A finalization status of that sector (a finalization does not reload the page).
  await page.getByRole('tab', { name: 'Status' }).click();
  await page.getByRole('button', { name: 'Novo status' }).click();
  const statusDialog = page.getByRole('dialog', { name: 'Novo status' });
  await statusDialog.getByLabel('Nome').fill(status);
  await statusDialog.getByText('Finalização', { exact: true }).click();
  await statusDialog.getByRole('combobox', { name: 'Setores' }).click();
  await page.getByRole('option', { name: sector }).click();
  await statusDialog.getByRole('combobox', { name: 'Setores' }).press('Tab');
  await statusDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Status criado com sucesso!')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Status' }).getByRole('row', { name: new RegExp(status) }),
  ).toContainText('Finalização');

  // Its operator, in the new sector.
  await page.getByRole('tab', { name: 'Usuários' }).click();
  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const userDialog = page.getByRole('dialog', { name: 'Novo usuário' });
  await userDialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Lia Flores');
  await userDialog.getByRole('textbox', { name: 'E-mail' }).fill(operatorEmail);
  await userDialog.getByRole('textbox', { name: 'Senha', exact: true }).fill('Inicial2026');
  await pick(page, userDialog, 'Gênero', 'Feminino');
  await pick(page, userDialog, 'Função', 'Operador');
  const sectors = userDialog.getByRole('combobox', { name: 'Setores', exact: true });
  await sectors.click();
  await page.getByRole('option', { name: sector, exact: true }).click();
  await sectors.press('Tab');
  await userDialog.getByRole('button', { name: 'Salvar' }).click();
  await page
    .getByRole('dialog', { name: 'Cadastrar usuário' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(page.getByText('Usuário cadastrado com sucesso!')).toBeVisible();

  // The operator logs in: the password an admin set must be changed first, then the chat shows the sector.
  await page.getByRole('button', { name: 'Sair' }).click();
  await fillCredentials(page, operatorEmail, 'Inicial2026');
  await expect(page.getByRole('heading', { name: 'Crie uma nova senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('Lia2026Flores');
  await page.getByLabel('Confirmar nova senha').fill('Lia2026Flores');
  await page.getByRole('button', { name: 'Salvar nova senha e entrar' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId('user-display-name')).toHaveText('Lia Flores');
  await expect(
    page.getByRole('tablist', { name: 'Setores' }).getByRole('tab', { name: sector }),
  ).toBeVisible();
  // The operator's menu stays an operator's.
  await expect(mainMenu(page).filter({ hasText: 'Empresas' })).toHaveCount(0);
});
