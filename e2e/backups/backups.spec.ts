import { expect, test } from '@playwright/test';
import { DEMO, login, mainMenu } from '../support/demo';

// History backups (issue 21): the admin asks for the current month (the form's default), confirms the period,
// waits for "Concluído" and downloads the file under its period's name. The month is the company's
// (America/Sao_Paulo), not the test process's.

function currentMonthSp() {
  const [y = '', m = ''] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-');
  const last = new Date(Date.UTC(Number(y), Number(m), 0)).getUTCDate();
  return { y, m, last: String(last).padStart(2, '0') };
}

test('o administrador solicita o backup do mês, espera concluir e baixa o arquivo', async ({ page }) => {
  const { y, m, last } = currentMonthSp();
  const period = `01/${m}/${y} a ${last}/${m}/${y}`;
  await login(page, DEMO.admin);
  await mainMenu(page).filter({ hasText: 'Backups' }).click();
  await expect(page).toHaveURL(/\/backups$/);
  await expect(page.getByRole('textbox', { name: 'Data início' })).toHaveValue(`01/${m}/${y}`);
  await expect(page.getByRole('textbox', { name: 'Data fim' })).toHaveValue(`${last}/${m}/${y}`);

  await page.getByRole('button', { name: 'Solicitar backup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar backup' });
  await expect(dialog).toContainText(period);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Backup solicitado com sucesso.')).toBeVisible();

  // Newest first: the backup just asked for is the first row.
  const row = page.getByRole('table', { name: 'Backups' }).getByRole('row').nth(1);
  await expect(row).toContainText(period);
  await expect(row).toContainText('Concluído', { timeout: 30_000 });

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Baixar' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`backup-historico-${y}-${m}-01-a-${y}-${m}-${last}.jsonl.gz`);
});
