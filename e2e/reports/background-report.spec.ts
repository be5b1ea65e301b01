import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { sql } from '../support/database';
import { DEMO, login, mainMenu } from '../support/demo';

// Where the screenshots of this run go, to look at the screens (not an assertion).
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const SECTOR = 'Relatórios E2E';
const CONTACT = 'Cliente Relatório E2E';

/** One attendance of the demo company in a sector of its own, so the report shows only ours. */
async function ourAttendance(): Promise<string> {
  const rows = await sql<{ protocol: string }>(
    `with ch as (
       select c.id, c.company_id from channels c join companies co on co.id = c.company_id
       where co.name = 'Empresa Demo' and c.kind = 'web' order by c.id limit 1),
     sec as (insert into sectors (company_id, name) select company_id, $1 from ch returning id),
     p as (insert into persons (company_id, name) select company_id, $2 from ch returning id, company_id),
     ct as (
       insert into contacts (company_id, person_id, kind, channel_id, external_id, name)
       select p.company_id, p.id, 'web', ch.id, 'e2e-rel-' || p.id, $2 from p, ch
       returning id, person_id, company_id, channel_id)
     insert into attendances (company_id, card_id, protocol, contact_id, person_id, channel_kind, channel_id, name,
       sector_id, last_message_preview, latest_contact_chat_message_at)
     select ct.company_id, 'web_' || ct.channel_id || '_e2erel' || ct.id, 'REL' || lpad(ct.id::text, 9, '0'),
       ct.id, ct.person_id, 'web', ct.channel_id, $2, sec.id, 'Quero um relatório', now()
     from ct, sec
     returning protocol`,
    [SECTOR, CONTACT],
  );
  const protocol = rows[0]?.protocol;
  if (!protocol) throw new Error('atendimento não criado');
  return protocol;
}

/** Today on the picker's calendar (the browser runs in São Paulo, as the company). */
async function pickToday(page: Page, label: string) {
  const button = page.getByRole('button', { name: label });
  await button.click();
  // The picker's own calendar (the other picker's may still be fading out).
  const calendar = page.locator(`#${await button.getAttribute('aria-controls')}`);
  await calendar.locator('button[data-today]:not([data-outside])').click();
  await expect(calendar).toBeHidden();
}

const brToday = () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());

test('o gestor gera um relatório, baixa o CSV e recebe outro em segundo plano', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const protocol = await ourAttendance();
  // Background reports on, productivity above 1 day goes to the background (reports settings).
  const api = await apiAs(baseURL ?? '', DEMO.manager);
  const meta = (await (await api.get('/api/company/metadata')).json()) as Record<
    string,
    Record<string, unknown>
  >;
  const saved = await api.put('/api/company/metadata', {
    data: {
      ...meta,
      allow: { ...meta.allow, background_reports: true },
      reports: { ...meta.reports, produtivity: { period: 1 } },
    },
  });
  expect(saved.status()).toBe(200);

  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'Relatórios' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { name: 'Relatórios', exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Automação' }).getByRole('link', { name: 'Fluxos' }),
  ).toBeVisible();
  await shot(page, 'reports-index');

  // The analytic report of today, in our sector.
  await page.getByRole('link', { name: 'Analítico' }).click();
  await expect(page).toHaveURL(/\/reports\/analytic$/);
  // The report screen loads on first visit: the index (with its own period notes) may still be on screen.
  await expect(page.getByRole('button', { name: 'Gerar relatório' })).toBeVisible();
  await expect(page.getByText('Período máximo: 30 dias.')).toBeVisible();
  await pickToday(page, 'Data inicial');
  await pickToday(page, 'Data final');
  await expect(page.getByRole('button', { name: 'Data inicial' })).toHaveText(brToday());
  await page.getByRole('combobox', { name: 'Setor' }).click();
  await page.getByRole('option', { name: SECTOR }).click();
  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  const table = page.getByRole('table', { name: 'Analítico' });
  await expect(table.getByRole('columnheader', { name: 'Protocolo' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(protocol);
  await expect(table.getByRole('row').nth(1)).toContainText(CONTACT);
  await shot(page, 'report-analytic');

  // Its CSV, named by the server.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('relatorio-analitico.csv');
  const lines = (await readFile((await csv.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe(`Analítico - ${brToday()} a ${brToday()}`);
  expect(lines[1]?.startsWith('Protocolo;Contato;Canal;Setor;Operador;Status;Aberto em')).toBe(true);
  expect(lines[2]?.startsWith(`${protocol};${CONTACT};`)).toBe(true);

  // Productivity of the whole month is above the company's 1 day: the screen offers the background.
  await mainMenu(page).filter({ hasText: 'Relatórios' }).click();
  await page.getByRole('link', { name: 'Produtividade' }).click();
  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar para segundo plano?' });
  await expect(dialog).toContainText('Este período passa do limite para gerar na tela');
  await shot(page, 'report-background-offer');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page
      .getByText('Relatório enviado para processamento em segundo plano. Você será avisado por e-mail.')
      .first(),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Ver relatórios em segundo plano' }).click();
  await expect(page).toHaveURL(/\/reports\/background$/);
  const row = page.getByRole('row', { name: /Relatório Produtividade/ }).first();
  // The list looks again every 5 s while a report runs.
  await expect(row.getByText('Finalizado')).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('Gestor');
  await shot(page, 'reports-background');
  const fileDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Baixar Produtividade/ }).click();
  const file = await fileDownload;
  expect(file.suggestedFilename()).toMatch(
    /^relatorio-produtividade-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const first = (await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(first[0]).toMatch(/^Produtividade - 01\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}$/);
  expect(first[1]).toBe(
    'Operador;Atendimentos encerrados;Mensagens enviadas;TME;TMA;Tempo médio de primeira resposta;Transferências',
  );
  await api.dispose();
});
