import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br.js';
import { apiAs, createFinalizedConversation, type TFinalized } from '../support/attendances';
import { DEMO, login } from '../support/demo';

// One finalized conversation per run, with a name no other test uses.
const NAME = `Helena Histórico ${Date.now().toString(36)}`;
const VISITOR_TEXT = 'Olá, quero saber o status da minha troca.';
const OPERATOR_TEXT = 'Oi, Helena! A troca foi aprovada e o produto sai amanhã.';
let finalized: TFinalized;

test.beforeAll(async ({ baseURL }) => {
  if (!baseURL) throw new Error('baseURL ausente');
  const admin = await apiAs(baseURL, DEMO.admin);
  finalized = await createFinalizedConversation(baseURL, admin, {
    name: NAME,
    visitor: [VISITOR_TEXT],
    operator: [OPERATOR_TEXT],
    status: 'Resolvido',
  });
  await admin.dispose();
});

async function openHistory(page: Page) {
  await login(page, DEMO.manager);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Histórico' })
    .click();
  await expect(page.getByRole('heading', { name: 'Histórico' })).toBeVisible();
}

const grid = (page: Page) => page.getByRole('table', { name: 'Atendimentos do histórico' });

/** Today's date on the company's clock (America/Sao_Paulo), whatever the timezone of this process. */
const companyToday = () =>
  dayjs(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()));

test('o gestor vê a conversa finalizada no mês atual e lê suas mensagens', async ({ page }) => {
  await openHistory(page);
  const row = grid(page).getByRole('row').filter({ hasText: NAME });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: finalized.protocol, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Web chat', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Resolvido' })).toBeVisible();

  await row.getByRole('button', { name: `Ver conversa ${finalized.protocol}` }).click();
  const dialog = page.getByRole('dialog', { name: `Atendimento ${finalized.protocol}` });
  await expect(dialog).toBeVisible();
  const log = dialog.getByRole('log', { name: 'Mensagens do atendimento' });
  await expect(log.getByText(VISITOR_TEXT)).toBeVisible();
  await expect(log.getByText(OPERATOR_TEXT)).toBeVisible();
  await expect(dialog.getByText('Finalizado por')).toBeVisible();
  await expect(dialog.getByText('Alice', { exact: true }).first()).toBeVisible();
  // Oldest first: the visitor's question comes before the answer.
  const texts = await log.locator('p').allTextContents();
  expect(texts.indexOf(VISITOR_TEXT)).toBeLessThan(texts.indexOf(OPERATOR_TEXT));
  const csv = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Baixar CSV' }).click();
  expect((await csv).suggestedFilename()).toBe(`atendimento-${finalized.protocol}.csv`);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();

  // The current filters exported: a small result comes back as a file at once.
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const file = await exported;
  expect(file.suggestedFilename()).toMatch(/^historico-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await file.path();
  expect(readFileSync(path, 'utf8')).toContain(NAME);
});

test('uma coluna oculta continua oculta depois de recarregar', async ({ page }) => {
  await openHistory(page);
  await expect(grid(page).getByRole('columnheader', { name: 'TME' })).toBeVisible();
  await page.getByRole('button', { name: 'Colunas' }).click();
  const save = page.waitForResponse(
    (r) => r.url().endsWith('/api/users/me/settings') && r.request().method() === 'PUT',
  );
  await page.getByRole('checkbox', { name: 'TME' }).uncheck();
  await save;
  await expect(grid(page).getByRole('columnheader', { name: 'TME' })).toBeHidden();

  await page.reload();
  await expect(grid(page).getByRole('row').filter({ hasText: NAME })).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: 'TO', exact: true })).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: 'TME' })).toBeHidden();

  // Back as it was, for the other tests.
  await page.getByRole('button', { name: 'Colunas' }).click();
  await page.getByRole('checkbox', { name: 'TME' }).check();
  await expect(grid(page).getByRole('columnheader', { name: 'TME' })).toBeVisible();
});

test('um período acima de 30 dias pede o canal e o CPF ou telefone', async ({ page }) => {
  await openHistory(page);
  // The calendar opens on the company's month (the browser runs in São Paulo time, this process in UTC).
  const start = companyToday().subtract(2, 'month').startOf('month').locale('pt-br');
  await page.getByRole('button', { name: 'Data inicial' }).click();
  await page.getByRole('button', { name: 'Mês anterior' }).click();
  await page.getByRole('button', { name: 'Mês anterior' }).click();
  await page.getByRole('button', { name: start.format('D MMMM YYYY'), exact: true }).click();
  await expect(page.getByRole('button', { name: 'Data inicial' })).toHaveText(start.format('DD/MM/YYYY'));

  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByText('O canal de entrada deve ser informado.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Canal de entrada' }).click();
  await page.getByRole('option', { name: 'Web chat', exact: true }).click();
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByText('O CPF ou o telefone deve ser informado.')).toBeVisible();

  // With the protocol the long search is narrow enough: the server answers it.
  await page.getByRole('textbox', { name: 'Número (telefone ou protocolo)' }).fill(finalized.protocol);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByText('1 atendimento encontrado')).toBeVisible();
  await expect(grid(page).getByRole('row').filter({ hasText: NAME })).toBeVisible();
  await expect(page).toHaveURL(/channelable_type=web/);
});

test('restaurar reabre o atendimento do contato', async ({ page }) => {
  await openHistory(page);
  const row = grid(page).getByRole('row').filter({ hasText: NAME });
  await row.getByRole('button', { name: `Restaurar atendimento ${finalized.protocol}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Restaurar atendimento' });
  await expect(dialog.getByText(NAME)).toBeVisible();
  await dialog.getByRole('button', { name: 'Restaurar' }).click();
  await expect(page.getByText('Atendimento restaurado com sucesso!')).toBeVisible();
  // Open again, it leaves the finalized list and shows under "Somente em aberto".
  await expect(row).toBeHidden();
  await page.getByRole('checkbox', { name: 'Somente em aberto' }).check();
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  const open = grid(page).getByRole('row').filter({ hasText: NAME });
  await expect(open.getByText('Em aberto')).toBeVisible();
  await expect(
    open.getByRole('button', { name: `Restaurar atendimento ${finalized.protocol}` }),
  ).toBeDisabled();
});

test('o operador não abre o histórico', async ({ page }) => {
  await login(page, DEMO.ana);
  await expect(
    page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Histórico' }),
  ).toHaveCount(0);
  await page.goto('/history');
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText('Você não tem permissão para esta ação.')).toBeVisible();
});
