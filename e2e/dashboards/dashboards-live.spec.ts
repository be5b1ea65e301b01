import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';
import { closeOpenAttendances, resetAna, turnPauseControlOff } from '../support/distribution';

// Two dashboards follow `update-dashboard` with no reload: the monitoring dashboard's counters when a visitor
// writes and an operator pauses, and the operational summary's pauses of that operator.

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
const stat = (page: Page, label: string) =>
  page.getByRole('region', { name: label, exact: true }).getByTestId('stat-value');
const numberOf = async (page: Page, label: string) =>
  Number((await stat(page, label).innerText()).replace(/\D/g, ''));

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Record<string, unknown>> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** A web chat visitor of the demo site writes through the widget's public API (a new attendance). */
async function visitorWrites(baseURL: string, name: string, text: string) {
  const api = await request.newContext({ baseURL });
  const visitor = await ok(
    await api.post('/api/webchat/demo-empresa/visitors', { data: { form: { nome: name } } }),
  );
  await ok(
    await api.post('/api/webchat/visitor/messages', {
      headers: { 'x-visitor-token': String(visitor.token) },
      data: { text, client_id: `painel-${Date.now()}` },
    }),
  );
  await api.dispose();
}

async function setPauseControl(manager: APIRequestContext) {
  await ok(
    await manager.put('/api/control-pause', {
      data: {
        is_active: true,
        use_reason: false,
        use_password: false,
        use_limit_pause: { enabled: false, limit_minutes: null },
      },
    }),
  );
}

test.beforeAll(async ({ baseURL }) => {
  if (!baseURL) throw new Error('baseURL');
  // Ana out of any pause an earlier spec left: the counters move by one from a known state.
  await resetAna(baseURL);
});

test.afterAll(async ({ baseURL }) => {
  if (!baseURL) throw new Error('baseURL');
  // The other specs expect the seed's company: Ana out of pause and off-line, pause control off, no cards.
  await resetAna(baseURL);
  const manager = await apiAs(baseURL, DEMO.manager);
  await turnPauseControlOff(manager);
  await closeOpenAttendances(manager);
  await manager.dispose();
});

test('o painel de monitoramento muda sozinho quando um visitante escreve e a operadora pausa', async ({
  browser,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL');
  const gestor = await (await browser.newContext()).newPage();
  await login(gestor, DEMO.manager);
  await gestor
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Painéis' })
    .click();
  await expect(gestor).toHaveURL(/\/dashboards$/);
  await expect(gestor.getByRole('link', { name: 'Gestão do negócio' })).toBeVisible();
  // The internal-communication card came with the messenger (issue 20).
  await expect(gestor.locator('main').getByRole('link', { name: 'Comunicação interna' })).toHaveCount(1);
  await shot(gestor, 'dashboards-index');
  await gestor.getByRole('link', { name: 'Monitoramento da distribuição' }).click();
  await expect(gestor).toHaveURL(/\/dashboards\/monitoring$/);
  await expect(gestor.getByRole('heading', { name: 'Monitoramento da distribuição' })).toBeVisible();
  await expect(stat(gestor, 'Aguardando primeira interação')).toBeVisible();
  const waiting = await numberOf(gestor, 'Aguardando primeira interação');
  const paused = await numberOf(gestor, 'Em pausa');

  await visitorWrites(baseURL, 'Cliente do Painel', 'Quero saber o preço do plano anual');
  await expect(stat(gestor, 'Aguardando primeira interação')).toHaveText(String(waiting + 1), {
    timeout: 15_000,
  });

  const manager = await apiAs(baseURL, DEMO.manager);
  await setPauseControl(manager);
  const ana = await apiAs(baseURL, DEMO.ana);
  await ok(await ana.post('/api/pause', { data: {} }));
  await expect(stat(gestor, 'Em pausa')).toHaveText(String(paused + 1), { timeout: 15_000 });
  await expect(gestor.getByRole('table', { name: 'Operadores por setor' })).toBeVisible();
  await shot(gestor, 'dashboards-monitoring');

  await ok(await ana.post('/api/pause/leave', { data: {} }));
  await expect(stat(gestor, 'Em pausa')).toHaveText(String(paused), { timeout: 15_000 });
  await ana.dispose();
  await manager.dispose();
});

test('o resumo operacional conta a pausa da operadora sem recarregar, com os detalhes dela', async ({
  browser,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL');
  const gestor = await (await browser.newContext()).newPage();
  await login(gestor, DEMO.manager);
  await gestor.goto('/dashboards/operational');
  const table = gestor.getByRole('table', { name: 'Resumo operacional' });
  const anaRow = table.getByRole('row').filter({ hasText: 'Ana' });
  await expect(anaRow).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Tempo em sessão' })).toBeVisible();
  const pausesCell = anaRow.getByRole('cell').nth(3);
  const before = Number(await pausesCell.innerText());

  const manager = await apiAs(baseURL, DEMO.manager);
  await setPauseControl(manager);
  const ana = await apiAs(baseURL, DEMO.ana);
  await ok(await ana.post('/api/pause', { data: {} }));
  await expect(pausesCell).toHaveText(String(before + 1), { timeout: 15_000 });
  await ok(await ana.post('/api/pause/leave', { data: {} }));

  await anaRow.getByRole('button', { name: 'Ana' }).click();
  const details = gestor.getByRole('dialog', { name: 'Detalhes de Ana' });
  await expect(details.getByRole('table', { name: 'Pausas' }).getByRole('row')).toHaveCount(before + 2);
  await shot(gestor, 'dashboards-operational-details');
  const download = gestor.waitForEvent('download');
  await details.getByRole('button', { name: 'Baixar CSV' }).nth(1).click();
  expect((await download).suggestedFilename()).toBe('resumo-operacional-pausas.csv');
  await gestor.keyboard.press('Escape');
  await shot(gestor, 'dashboards-operational');
  await ana.dispose();
  await manager.dispose();
});

test('gestão do negócio conta o novo atendimento de hoje ao vivo; gestão de equipe salva a meta da empresa', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL');
  await login(page, DEMO.manager);
  await page.goto('/dashboards/business');
  await expect(page.getByRole('heading', { name: 'Gestão do negócio' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Atendimentos por estado' })).toBeVisible();
  const opened = page.getByTestId('business-opened');
  const received = page.getByTestId('business-messages-in');
  await expect(opened).toBeVisible();
  const openedBefore = Number(await opened.innerText());
  const receivedBefore = Number(await received.innerText());
  // The period figures come from the report rollups, booked from the facts: no reload.
  await visitorWrites(baseURL, 'Cliente do Negócio', 'Bom dia, vocês entregam no sábado?');
  await expect(opened).toHaveText(String(openedBefore + 1), { timeout: 15_000 });
  await expect(received).toHaveText(String(receivedBefore + 1), { timeout: 15_000 });
  await shot(page, 'dashboards-business');

  await page.goto('/dashboards/team');
  await expect(page.getByText('Defina a meta de atendimentos finalizados da equipe.')).toBeVisible();
  const goal = page.getByLabel('Meta de atendimentos finalizados no período');
  await goal.fill('0');
  await page.getByRole('button', { name: 'Salvar meta' }).click();
  await expect(page.getByText('Informe uma meta inteira entre 1 e 100000.')).toBeVisible();
  await goal.fill('10');
  await page.getByRole('button', { name: 'Salvar meta' }).click();
  await expect(page.getByText('Meta salva com sucesso!')).toBeVisible();
  await expect(page.getByText('Defina a meta de atendimentos finalizados da equipe.')).toHaveCount(0);
  const ranking = page.getByRole('table', { name: 'Ranking da equipe' });
  await expect(ranking.getByRole('row').filter({ hasText: 'Ana' }).getByText('0%')).toBeVisible();
  await shot(page, 'dashboards-team');
  // Kept after a reload: saved for the company.
  await page.reload();
  await expect(goal).toHaveValue('10');
});
