import { expect, test } from '@playwright/test';
import { apiAs, createFinalizedConversation } from '../support/attendances';
import { DEMO, login, mainMenu } from '../support/demo';

// History backups (issue 21): the admin asks for the current month (the form's default), confirms the period,
// waits for "Concluído" and downloads the file under its period's name, then restores it into a new company and
// reads there a conversation finalized this month. The month is the company's (America/Sao_Paulo), not the test
// process's.

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

test('o administrador solicita o backup do mês, baixa o arquivo e consulta os atendimentos restaurados', async ({
  page,
  baseURL,
}) => {
  // A backup, then its restore: two jobs in one person's path.
  test.setTimeout(90_000);
  const { y, m, last } = currentMonthSp();
  if (!baseURL) throw new Error('baseURL ausente');
  // A conversation finalized now belongs to this month's backup.
  const staff = await apiAs(baseURL, DEMO.admin);
  const finalized = await createFinalizedConversation(baseURL, staff, {
    name: 'Cliente Restaurado',
    visitor: ['Quero consultar meu pedido antigo'],
    operator: ['Seu pedido foi entregue em março'],
  });
  await staff.dispose();
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

  // Restored for inspection: the link opens the new company's attendances and the conversation finalized above.
  await row.getByRole('button', { name: 'Restaurar em nova empresa' }).click();
  await page
    .getByRole('dialog', { name: 'Restaurar em nova empresa' })
    .getByRole('button', { name: 'Restaurar' })
    .click();
  await row.getByRole('link', { name: 'Ver atendimentos' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/backups\/\d+\/restored$/);
  await expect(
    page.getByRole('heading', { name: `Atendimentos restaurados — Empresa Demo (backup ${period})` }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Buscar' }).fill(finalized.protocol);
  await page.getByRole('button', { name: `Ver conversa do protocolo ${finalized.protocol}` }).click();
  const drawer = page.getByRole('dialog', { name: `Protocolo ${finalized.protocol}` });
  const bubbles = drawer.getByRole('log', { name: 'Mensagens do atendimento' });
  await expect(bubbles.locator('[data-sender="contact"]')).toContainText('Quero consultar meu pedido antigo');
  await expect(bubbles.locator('[data-sender="operator"]')).toContainText('Seu pedido foi entregue em março');
});
