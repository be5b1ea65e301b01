import { expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login, mainMenu } from '../support/demo';

// Where the screenshots of this run go, to look at the screens (not an assertion).
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: import('@playwright/test').Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test('o gestor cria uma pesquisa e a vincula a um status de finalização', async ({ page }) => {
  const pollName = `Satisfação ${Date.now() % 100000}`;
  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'Pesquisas' }).click();
  await expect(page).toHaveURL(/\/polls$/);
  await expect(page.getByRole('heading', { name: 'Pesquisas', exact: true })).toBeVisible();
  await expect(page.getByText('Nenhuma pesquisa cadastrada')).toBeVisible();
  await shot(page, 'polls-empty');

  await page.getByRole('button', { name: 'Nova pesquisa' }).first().click();
  const form = page.getByRole('form', { name: 'Nova pesquisa' });
  // The rules of spec 3 in the form: name and question required, at least two options.
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('Informe o nome da pesquisa.')).toBeVisible();
  await form.getByLabel('Nome').fill(pollName);
  await form.getByLabel('Pergunta').fill('Como você avalia o atendimento?');
  await form.getByRole('textbox', { name: 'Opção A' }).fill('Ótimo');
  await form.getByRole('textbox', { name: 'Opção B' }).fill('Bom');
  await form.getByRole('button', { name: 'Adicionar opção' }).click();
  await form.getByRole('textbox', { name: 'Opção C' }).fill('Ruim');
  await form.getByRole('switch', { name: 'Usar tempo de expiração' }).click();
  await form.getByLabel('Tempo de expiração (minutos)').fill('30');
  await shot(page, 'polls-form');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Pesquisa criada com sucesso!')).toBeVisible();

  const row = page.getByRole('table', { name: 'Pesquisas' }).getByRole('row', { name: new RegExp(pollName) });
  await expect(row).toContainText('Como você avalia o atendimento?');
  await expect(row).toContainText('30 min');
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');
  await shot(page, 'polls-list');

  // Attach it to a new finalization status.
  const statusName = `Resolvido com pesquisa ${Date.now() % 100000}`;
  await mainMenu(page)
    .filter({ hasText: /^Status$/ })
    .click();
  await page.getByRole('button', { name: 'Novo status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo status' });
  await dialog.getByLabel('Nome').fill(statusName);
  // A classification sends no poll: the field shows for finalizations only.
  await expect(dialog.getByRole('combobox', { name: 'Pesquisa' })).toHaveCount(0);
  await dialog.getByText('Finalização', { exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Pesquisa' }).click();
  await page.getByRole('option', { name: pollName }).click();
  await dialog.getByRole('combobox', { name: 'Setores' }).click();
  await page.getByRole('option', { name: 'Comercial' }).click();
  await dialog.getByRole('combobox', { name: 'Pesquisa' }).focus();
  await shot(page, 'status-with-poll');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Status criado com sucesso!')).toBeVisible();

  await page.getByRole('button', { name: `Editar ${statusName}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar status — ${statusName}` });
  await expect(edit.getByRole('combobox', { name: 'Pesquisa' })).toHaveValue(pollName);
  await edit.getByRole('button', { name: 'Cancelar' }).click();

  // The report tab opens on the current month.
  await mainMenu(page).filter({ hasText: 'Pesquisas' }).click();
  await page.getByRole('tab', { name: 'Relatório' }).click();
  await expect(page.getByText('Nenhuma pesquisa enviada no período.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  await shot(page, 'polls-report');
});

test('o visitante responde a pesquisa pelos botões do web chat e o relatório mostra a resposta', async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const name = `Renata ${stamp}`;
  const admin = await apiAs(baseURL ?? '', DEMO.admin);
  const me = (await (await admin.get('/api/auth/me')).json()) as { id: number; companyId: number };
  const sectors = (await (await admin.get('/api/sectors')).json()) as { id: number }[];
  const poll = await admin.post('/api/polls', {
    data: {
      name: `Pesquisa web ${stamp}`,
      question: 'Como você avalia o atendimento?',
      possible_answers: { '1': { value: 'Ótimo' }, '2': { value: 'Bom' }, '3': { value: 'Ruim' } },
    },
  });
  expect(poll.ok()).toBe(true);
  const pollId = ((await poll.json()) as { poll: { id: number } }).poll.id;
  const status = await admin.post(`/api/companies/${me.companyId}/statuses`, {
    data: { name: `Resolvido ${stamp}`, should_close: 1, sectors: sectors.map((s) => s.id), poll_id: pollId },
  });
  expect(status.ok()).toBe(true);
  const statusId = ((await status.json()) as { status: { id: number } }).status.id;

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/demo/webchat');
  await visitor.getByRole('button', { name: /conversa/ }).click();
  await visitor.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await visitor.getByRole('button', { name: 'Iniciar conversa' }).click();
  const box = visitor.getByRole('textbox', { name: 'Mensagem' });
  await box.fill('Quero cancelar meu pedido');
  await box.press('Enter');
  const log = visitor.getByRole('log', { name: 'Conversa' });
  await expect(log.getByText('Quero cancelar meu pedido')).toBeVisible();

  // The operator finalizes with the status: the poll goes first, the conversation stays open.
  type Card = { id: number; name: string; sector_id: number };
  const findCard = async () => {
    const list = (await (await admin.get('/api/attendances?kind=web')).json()) as { items: Card[] };
    return list.items.find((c) => c.name === name) ?? null;
  };
  await expect.poll(findCard).not.toBeNull();
  const card = await findCard();
  const finalized = await admin.post(`/api/set-status/${me.companyId}/${card?.sector_id}/${me.id}`, {
    data: { status: statusId, contact: card?.id },
  });
  expect(finalized.ok(), await finalized.text()).toBe(true);
  expect(((await finalized.json()) as { closed: boolean }).closed).toBe(false);

  const options = log.getByRole('group', { name: 'Opções da pesquisa' });
  await expect(options.getByRole('button', { name: 'B) Bom' })).toBeVisible();
  if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/widget-poll.png` });
  await options.getByRole('button', { name: 'B) Bom' }).click();
  await expect(log.getByText('Obrigado por responder nossa pesquisa!')).toBeVisible();
  await expect(options.getByRole('button', { name: 'A) Ótimo' })).toBeDisabled();
  await expect(log.getByText(/Atendimento finalizado\. Protocolo:/)).toBeVisible();
  if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/widget-answered.png` });

  // The manager's report counts it.
  await login(page, DEMO.manager);
  await page.goto('/polls');
  await page.getByRole('tab', { name: 'Relatório' }).click();
  const summary = page.getByRole('region', { name: `Resultado — Pesquisa web ${stamp}` });
  await expect(summary).toContainText('1 respondidas');
  await expect(summary).toContainText('1 (100%)');
  await expect(page.getByRole('table', { name: 'Respostas das pesquisas' })).toContainText('B) Bom');
  await shot(page, 'polls-report-data');

  // Answered: its options are locked in the form (spec 3 §4).
  await page.getByRole('tab', { name: 'Pesquisas' }).click();
  await page.getByRole('button', { name: `Editar Pesquisa web ${stamp}` }).click();
  const form = page.getByRole('form', { name: 'Editar pesquisa' });
  await expect(form.getByText(/Esta pesquisa já possui respostas/)).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Opção A' })).toHaveAttribute('readonly');
  await expect(form.getByRole('textbox', { name: 'Opção A' })).toHaveValue('Ótimo');
  await expect(form.getByRole('button', { name: 'Adicionar opção' })).toHaveCount(0);
  await shot(page, 'polls-form-locked');
  await admin.dispose();
});
