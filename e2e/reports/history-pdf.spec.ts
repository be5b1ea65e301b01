import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, createFinalizedConversation } from '../support/attendances';
import { DEMO, login, mainMenu } from '../support/demo';

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test('o gestor baixa o PDF do histórico do período; sem dados, o aviso do spec', async ({
  page,
  baseURL,
}) => {
  const admin = await apiAs(baseURL ?? '', DEMO.admin);
  await createFinalizedConversation(baseURL ?? '', admin, {
    name: `Paulo PDF ${Date.now().toString(36)}`,
    visitor: ['Quero o histórico em PDF'],
    operator: ['Claro!'],
    status: 'Resolvido',
  });
  await admin.dispose();

  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'Histórico' }).click();
  await expect(page.getByRole('heading', { name: 'Histórico' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^historico-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile((await pdf.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // A period with nothing: the server's 'Sem dados neste período.'.
  await page.goto('/history?fromDate=2020-01-01&toDate=2020-01-10');
  await expect(page.getByRole('heading', { name: 'Histórico' })).toBeVisible();
  await page.getByRole('button', { name: 'Baixar PDF' }).click();
  await expect(page.getByText('Sem dados neste período.')).toBeVisible();
  await shot(page, 'history-pdf-empty');
});
