import { expect, type Page, test } from '@playwright/test';
import { sql } from '../support/database';
import { DEMO, login, mainMenu } from '../support/demo';

// Billing (issue 21): the demo admin opens Faturas, sees last month's invoice and downloads its PDF; an admin gives
// the manager "Acesso às faturas" in the user modal and the manager then finds Faturas in the menu. The invoice is
// written straight into the database: issuing needs the installation's owner, whom the demo has not.

/** 'YYYY-MM' of the month before the current one on the company's clock (America/Sao_Paulo). */
function lastMonth(): string {
  const [y, m] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  const d = new Date(Date.UTC(y ?? 2026, (m ?? 1) - 2, 1));
  return d.toISOString().slice(0, 7);
}

const MONTH = lastMonth();
const LABEL = `${MONTH.slice(5, 7)}/${MONTH.slice(0, 4)}`;

test.beforeAll(async () => {
  await sql(
    `insert into invoices (company_id, month, amount_cents, due_date)
     select id, $1, 123456, $2 from companies where name = 'Empresa Demo'
     on conflict do nothing`,
    [MONTH, `${MONTH}-28`],
  );
});

const billingEntry = (page: Page) => mainMenu(page).filter({ hasText: 'Faturas' });

test('o administrador abre Faturas, vê a fatura do mês passado e baixa o PDF', async ({ page }) => {
  await login(page, DEMO.admin);
  await billingEntry(page).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { name: 'Faturas' })).toBeVisible();
  const row = page.getByRole('row', { name: `Fatura ${LABEL}` });
  await expect(row).toContainText('R$ 1.234,56');
  await expect(row).toContainText('Em aberto');
  await expect(row.getByRole('button', { name: `Nota fiscal ${LABEL}` })).toBeDisabled();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Baixar fatura ${LABEL}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`fatura-${MONTH}.pdf`);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('o gestor só vê Faturas depois que o administrador lhe dá acesso', async ({ browser }) => {
  const manager = await (await browser.newContext()).newPage();
  await login(manager, DEMO.manager);
  await expect(billingEntry(manager)).toHaveCount(0);
  await manager.goto('/billing');
  await expect(manager).toHaveURL(/\/chat$/);

  const admin = await (await browser.newContext()).newPage();
  await login(admin, DEMO.admin);
  await mainMenu(admin).filter({ hasText: 'Usuários' }).click();
  const table = admin.getByRole('table', { name: 'Usuários' });
  await table.getByRole('button', { name: 'Editar Gustavo Gestor' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Editar usuário — Gustavo Gestor' });
  const access = dialog.getByRole('switch', { name: 'Acesso às faturas' });
  await expect(access).not.toBeChecked();
  await access.check();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toHaveCount(0);

  await manager.reload();
  await billingEntry(manager).click();
  await expect(manager).toHaveURL(/\/billing$/);
  await expect(manager.getByRole('row', { name: `Fatura ${LABEL}` })).toContainText('R$ 1.234,56');
});
