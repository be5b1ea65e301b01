import { expect, test } from '@playwright/test';
import { DEMO, login, mainMenu } from '../support/demo';

// Organizations (issue 21): the admin creates one, first with a CNPJ whose check digits are wrong, finds it by
// search and deletes it. Name and CNPJ are new on every run, so other specs' data never matters.

const STAMP = Date.now().toString(36);
const NAME = `Grupo Teste ${STAMP}`;

/** A valid CNPJ from 12 random digits (the two check digits computed). */
function randomCnpj(): string {
  const base = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).concat([0, 0, 0, 1]);
  const digit = (d: number[], w: number[]) => {
    const rest = d.reduce((s, x, i) => s + x * (w[i] ?? 0), 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = digit([...base, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, first, second].join('');
}
const mask = (d: string) =>
  `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;

test('o administrador cria uma organização (CNPJ inválido, depois válido), encontra na busca e exclui', async ({
  page,
}) => {
  const cnpj = randomCnpj();
  const wrong = `${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`;
  await login(page, DEMO.admin);
  await mainMenu(page).filter({ hasText: 'Organizações' }).click();
  await expect(page).toHaveURL(/\/organizations$/);
  await page.getByRole('button', { name: 'Nova organização' }).first().click();
  await expect(page).toHaveURL(/\/organizations\/new$/);
  await expect(page.getByRole('heading', { name: 'Nova organização' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(NAME);
  await page.getByRole('textbox', { name: 'CNPJ', exact: true }).fill(wrong);
  await expect(page.getByRole('textbox', { name: 'CNPJ', exact: true })).toHaveValue(mask(wrong));
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('CNPJ inválido.')).toBeVisible();

  await page.getByRole('textbox', { name: 'CNPJ', exact: true }).fill(cnpj);
  await page.getByRole('combobox', { name: 'Empresas' }).fill('Demo');
  await page.getByRole('option', { name: 'Empresa Demo', exact: true }).click();
  // The open dropdown covers the buttons below it.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Organização salva com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/organizations$/);

  await page.getByRole('textbox', { name: 'Buscar por nome ou CNPJ' }).fill(mask(cnpj));
  const table = page.getByRole('table', { name: 'Organizações' });
  const row = table.getByRole('row').filter({ hasText: NAME });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(mask(cnpj));
  await expect(row).toContainText('Empresa Demo');

  await row.getByRole('button', { name: `Excluir ${NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir organização' });
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Organização excluída com sucesso.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: NAME })).toHaveCount(0);
  await expect(table.getByText('Nenhuma organização encontrada')).toBeVisible();
});
