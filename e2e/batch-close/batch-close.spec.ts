import { expect, test } from '@playwright/test';
import pg from 'pg';
import { apiAs } from '../support/attendances';
import { sql } from '../support/database';
import { DEMO, login, mainMenu } from '../support/demo';

// Where the screenshots of this run go, to look at the screens (not an assertion).
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: import('@playwright/test').Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const COUNT = 200;

/** 200 open web chat attendances of the demo company in Suporte, each with its person and contact (one SQL). */
async function openAttendances(prefix: string, count = COUNT): Promise<number[]> {
  const rows = await sql<{ id: string }>(
    `with ch as (
       select c.id, c.company_id from channels c join companies co on co.id = c.company_id
       where co.name = 'Empresa Demo' and c.kind = 'web' order by c.id limit 1),
     sec as (select s.id from sectors s join ch on s.company_id = ch.company_id where s.name = 'Suporte'),
     p as (
       insert into persons (company_id, name)
       select ch.company_id, $1 || ' ' || lpad(g::text, 3, '0') from ch, generate_series(1, $2::int) g
       returning id, name, company_id),
     ct as (
       insert into contacts (company_id, person_id, kind, channel_id, external_id, name)
       select p.company_id, p.id, 'web', ch.id, 'e2e-bc-' || p.id, p.name from p, ch
       returning id, person_id, name, company_id, channel_id)
     insert into attendances (company_id, card_id, protocol, contact_id, person_id, channel_kind, channel_id, name,
       sector_id, last_message_preview, latest_contact_chat_message_at)
     select ct.company_id, 'web_' || ct.channel_id || '_e2ebc' || ct.id, 'BC' || lpad(ct.id::text, 10, '0'), ct.id,
       ct.person_id, 'web', ct.channel_id, ct.name, sec.id, 'Preciso de ajuda com meu pedido', now()
     from ct, sec
     returning id`,
    [prefix, count],
  );
  return rows.map((r) => Number(r.id));
}

test('o gestor finaliza 200 atendimentos em massa e acompanha o progresso ao vivo', async ({ page }) => {
  test.setTimeout(90_000);
  const ids = await openAttendances('Cliente Lote');
  expect(ids).toHaveLength(COUNT);

  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'Ações em massa' }).click();
  await expect(page).toHaveURL(/\/batch-close$/);
  await expect(page.getByRole('heading', { name: 'Ações em massa' })).toBeVisible();
  await expect(page.getByText('Nenhuma ação em massa realizada')).toBeVisible();
  await shot(page, 'batch-close-empty');

  await page.getByRole('button', { name: 'Nova ação em massa' }).first().click();
  await expect(page).toHaveURL(/\/batch-close\/new$/);
  // The period opens on the current month.
  // The month as the browser counts it (its timezone is the company's), not this process's clock.
  const today = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  await expect(page.getByRole('button', { name: 'Data inicial' })).toHaveText(`01/${today.slice(3)}`);
  const table = page.getByRole('table', { name: 'Atendimentos abertos' });
  await expect(table.getByText('Cliente Lote 200')).toBeVisible();
  // Other specs leave open attendances of their own: this one works on its 200 (found by the contact's name).
  const onlyOurs = async () => {
    await page.getByLabel('Mensagem ou contato').fill('Cliente Lote');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
  };
  await onlyOurs();
  await expect(page.getByText(`0 de ${COUNT} selecionado(s)`)).toBeVisible();

  // Nothing selected, no action: the spec's texts.
  const form = page.getByRole('form', { name: 'Ação em massa' });
  await form.getByRole('button', { name: /Executar ação/ }).click();
  await expect(page.getByText('Selecione ao menos um atendimento.').first()).toBeVisible();
  await expect(form.getByText('Selecione uma ação.')).toBeVisible();

  // A narrower text filter narrows the list further; clearing it empties the filter.
  await page.getByLabel('Mensagem ou contato').fill('Cliente Lote 007');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByText('0 de 1 selecionado(s)')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar' }).click();
  await expect(page.getByLabel('Mensagem ou contato')).toHaveValue('');
  await onlyOurs();
  await expect(page.getByText(`0 de ${COUNT} selecionado(s)`)).toBeVisible();

  await table.getByRole('checkbox', { name: 'Selecionar todos' }).check();
  await expect(page.getByText(`${COUNT} de ${COUNT} selecionado(s)`)).toBeVisible();
  await form.getByRole('combobox', { name: 'Ação a executar' }).click();
  await page.getByRole('option', { name: 'Finalizar atendimentos' }).click();
  await form.getByRole('button', { name: /Executar ação/ }).click();
  await expect(form.getByText('Selecione o status de finalização.')).toBeVisible();
  await form.getByRole('combobox', { name: 'Status de finalização' }).click();
  await page.getByRole('option', { name: 'Resolvido' }).click();
  await expect(form.getByText('Selecione o status de finalização.')).toHaveCount(0);
  await shot(page, 'batch-close-new');
  await form.getByRole('button', { name: `Executar ação (${COUNT})` }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirmar ação em massa' });
  await expect(confirm).toContainText('Finalizar atendimentos (Resolvido)');
  await expect(confirm).toContainText(`${COUNT} atendimento(s)`);
  await shot(page, 'batch-close-confirm');
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Ação em massa criada com sucesso!')).toBeVisible();

  // The detail follows the run live until Concluído.
  await expect(page).toHaveURL(/\/batch-close\/\d+$/);
  await expect(page.getByRole('heading', { name: /Ação em massa #\d+/ })).toBeVisible();
  await shot(page, 'batch-close-running');
  const state = page.getByRole('status', { name: 'Situação da ação' });
  await expect(state).toContainText('Concluído', { timeout: 45_000 });
  await expect(page.getByText(`${COUNT} concluídos · 0 falharam · ${COUNT} no total`)).toBeVisible();
  await expect(page.getByText('100%')).toBeVisible();
  const items = page.getByRole('table', { name: 'Atendimentos da ação' });
  await expect(items.getByRole('row', { name: /Cliente Lote 001/ })).toContainText('Resolvido (finalizado)');
  await shot(page, 'batch-close-done');

  const open = await sql<{ n: number }>(
    'select count(*)::int as n from attendances where id = any($1::bigint[]) and closed_at is null',
    [ids],
  );
  expect(open[0]?.n).toBe(0);

  // The list shows it done, and a new action may be created again.
  await page.getByRole('link', { name: 'Voltar' }).click();
  const row = page.getByRole('table', { name: 'Ações em massa' }).getByRole('row').nth(1);
  await expect(row).toContainText('Finalizar atendimentos');
  await expect(row).toContainText('Concluído');
  await expect(row).toContainText('Gustavo');
  await expect(page.getByRole('button', { name: 'Nova ação em massa' })).toBeEnabled();
  await shot(page, 'batch-close-list');
});

test('o gestor cancela, após confirmar, uma ação em massa em andamento', async ({ page, baseURL }) => {
  const ids = await openAttendances('Cliente Cancela', 12);
  // Another session holds the 6th attendance: the run waits on it, still Executando.
  const blocker = new pg.Client({
    connectionString: `postgres://postgres:prosa@127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 51_239}/prosa`,
  });
  await blocker.connect();
  try {
    await blocker.query('begin');
    await blocker.query('select id from attendances where id = $1 for update', [ids[5]]);
    const api = await apiAs(baseURL ?? '', DEMO.manager);
    const statuses = (await (await api.get('/api/statuses')).json()) as { id: number; name: string }[];
    const created = await api.post('/api/batch-close-queue', {
      data: { action_id: 1, status_id: statuses.find((s) => s.name === 'Resolvido')?.id, histories: ids },
    });
    expect(created.ok()).toBe(true);
    const queueId = ((await created.json()) as { queue: { id: number } }).queue.id;

    await login(page, DEMO.manager);
    await page.goto('/batch-close');
    const row = page.getByRole('row', { name: `Ação em massa ${queueId}` });
    await expect(row).toContainText('Executando');
    await expect(page.getByRole('button', { name: 'Nova ação em massa' })).toBeDisabled();
    await shot(page, 'batch-close-in-progress');
    await row.getByRole('button', { name: `Cancelar ação ${queueId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar ação em massa' });
    await expect(dialog).toContainText('Os atendimentos já processados não serão desfeitos');
    await dialog.getByRole('button', { name: 'Cancelar ação' }).click();
    await expect(page.getByText('Ação em massa cancelada.')).toBeVisible();
    await expect(row).toContainText('Cancelado');
    await expect(page.getByRole('button', { name: 'Nova ação em massa' })).toBeEnabled();
    await api.dispose();
  } finally {
    await blocker.query('commit');
    await blocker.end();
  }
  // The detail tells the items left Pendente.
  await page
    .getByRole('link', { name: /^#\d+$/ })
    .first()
    .click();
  await expect(page.getByRole('status', { name: 'Situação da ação' })).toContainText('Cancelado');
  await expect(page.getByRole('table', { name: 'Atendimentos da ação' })).toContainText('Pendente');
  await shot(page, 'batch-close-canceled');
});
