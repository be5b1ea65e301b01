import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, DEMO_PASSWORD, login } from '../support/demo';
import {
  closeOpenAttendances,
  goOnline,
  operatorRow,
  resetAna,
  setDistribution,
  turnPauseControlOff,
} from '../support/distribution';

const WEBCHAT_CODE = 'demo-empresa';

test.beforeAll(async ({ baseURL }) => {
  if (!baseURL) throw new Error('baseURL');
  const manager = await apiAs(baseURL, DEMO.manager);
  await closeOpenAttendances(manager);
  await turnPauseControlOff(manager);
  // Distribution on (limit 2): a card waits in the queue until an on-line operator out of pause takes it.
  await setDistribution(manager, true, 2);
  await manager.dispose();
  await resetAna(baseURL);
});

test.afterAll(async ({ baseURL }) => {
  if (!baseURL) throw new Error('baseURL');
  const manager = await apiAs(baseURL, DEMO.manager);
  await turnPauseControlOff(manager);
  await setDistribution(manager, false);
  await closeOpenAttendances(manager);
  await manager.dispose();
  await resetAna(baseURL);
});

const pauseTab = (page: Page) => page.getByRole('tabpanel', { name: 'Pausa' });

test('o gestor configura a pausa com senha e motivos; pausada, a operadora não recebe atendimentos', async ({
  browser,
  request,
}) => {
  const gestor = await (await browser.newContext()).newPage();
  await login(gestor, DEMO.manager);
  await gestor.goto('/settings');
  const tab = pauseTab(gestor);

  // Reasons: create, edit, search, remove with confirmation.
  await tab.getByRole('button', { name: 'Novo motivo' }).click();
  const dialog = gestor.getByRole('dialog', { name: 'Novo motivo de pausa' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Titulo do motivo é obrigatório')).toBeVisible();
  await dialog.getByLabel('Título').fill('Almoco');
  await dialog.getByLabel('Descrição').fill('Intervalo de almoço');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(gestor.getByText('Motivo de pausa salvo com sucesso!')).toBeVisible();
  const reasons = tab.getByRole('table', { name: 'Motivos de pausa' });
  await expect(reasons).toContainText('Almoco');

  await reasons.getByRole('button', { name: 'Editar Almoco' }).click();
  const edit = gestor.getByRole('dialog', { name: 'Editar motivo de pausa' });
  await edit.getByLabel('Título').fill('Almoço');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(reasons.getByRole('cell', { name: 'Almoço', exact: true })).toBeVisible();

  await tab.getByRole('button', { name: 'Novo motivo' }).click();
  await gestor.getByRole('dialog', { name: 'Novo motivo de pausa' }).getByLabel('Título').fill('Reunião');
  await gestor
    .getByRole('dialog', { name: 'Novo motivo de pausa' })
    .getByRole('button', { name: 'Salvar' })
    .click();
  await expect(reasons.getByRole('row')).toHaveCount(3);
  await tab.getByLabel('Buscar motivo').fill('reun');
  await expect(reasons.getByRole('row')).toHaveCount(2);
  await tab.getByLabel('Buscar motivo').fill('');
  await reasons.getByRole('button', { name: 'Excluir Reunião' }).click();
  await gestor
    .getByRole('dialog', { name: 'Excluir motivo de pausa' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(gestor.getByText('Motivo de pausa removido com sucesso!')).toBeVisible();
  await expect(reasons.getByRole('row')).toHaveCount(2);

  // Switches: the control cannot go off under an option; the limit needs its minutes.
  await tab.getByRole('switch', { name: 'Ativar controle de pausa' }).check();
  await tab.getByRole('switch', { name: 'Exigir senha para sair da pausa' }).check();
  // Refused: the switch stays on and says why.
  await tab.getByRole('switch', { name: 'Ativar controle de pausa' }).click();
  await expect(
    tab.getByText('Desative o motivo, a senha e o tempo limite antes de desligar o controle de pausa.'),
  ).toBeVisible();
  await expect(tab.getByRole('switch', { name: 'Ativar controle de pausa' })).toBeChecked();
  await tab.getByRole('switch', { name: 'Limitar o tempo da pausa' }).check();
  await tab.getByRole('button', { name: 'Salvar' }).first().click();
  await expect(tab.getByText('Campo Tempo limite da pausa é obrigatório ou valor é inválido.')).toBeVisible();
  await tab.getByRole('switch', { name: 'Limitar o tempo da pausa' }).uncheck();
  await tab.getByRole('button', { name: 'Salvar' }).first().click();
  await expect(gestor.getByText('Configuração alterada com sucesso!')).toBeVisible();

  // Ana, on-line, pauses for lunch and is held on the block page with a running clock.
  const ana = await (await browser.newContext()).newPage();
  await login(ana, DEMO.ana);
  await goOnline(ana);
  await ana.getByRole('button', { name: 'Pausar' }).click();
  const choose = ana.getByRole('dialog', { name: 'Pausar atendimento' });
  await choose.getByRole('combobox', { name: 'Motivo da pausa' }).click();
  await ana.getByRole('option', { name: 'Almoço' }).click();
  await choose.getByRole('button', { name: 'Pausar' }).click();
  await expect(ana).toHaveURL(/\/user-in-pause$/);
  await expect(ana.getByRole('heading', { name: 'Você está em pausa' })).toBeVisible();
  await expect(ana.getByText('Motivo: Almoço')).toBeVisible();
  const timer = ana.getByRole('timer', { name: 'Tempo em pausa' });
  await expect(timer).toHaveText(/^00:0\d:\d\d$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '', { timeout: 3_000 });

  await ana.goto('/chat');
  await expect(ana).toHaveURL(/\/user-in-pause$/);
  await expect(ana.getByRole('heading', { name: 'Você está em pausa' })).toBeVisible();

  await gestor.goto('/distribution');
  await expect(operatorRow(gestor, 'Ana')).toContainText('Em pausa');

  // A web chat written during the pause waits in the queue.
  const name = `Cliente na pausa ${Date.now()}`;
  const queuedFrom = Date.now();
  const started = await request.post(`/api/webchat/${WEBCHAT_CODE}/visitors`, {
    data: { form: { nome: name } },
  });
  const { token } = (await started.json()) as { token: string };
  const sent = await request.post('/api/webchat/visitor/messages', {
    headers: { 'x-visitor-token': token },
    data: { text: 'Alguém por aí?', client_id: `pause${Date.now()}` },
  });
  expect(sent.ok()).toBe(true);
  await expect(gestor.getByRole('region', { name: 'Não distribuídos', exact: true })).toContainText('1');
  // A distribution cycle ran after the card arrived (the card brings the cycle forward) and left it waiting.
  await expect
    .poll(
      async () => {
        const config = (await (await gestor.request.get('/api/auto-dist')).json()) as {
          last_cycle_at: string | null;
        };
        return Date.parse(config.last_cycle_at ?? '') > queuedFrom;
      },
      { timeout: 15_000, message: 'ciclo de distribuição depois do card' },
    )
    .toBe(true);
  await expect(operatorRow(gestor, 'Ana')).toContainText('0 / 2');
  await expect(gestor.getByRole('region', { name: 'Não distribuídos', exact: true })).toContainText('1');

  // Leaving needs her password; then the waiting card is hers.
  await ana.getByRole('button', { name: 'Sair da pausa' }).click();
  await expect(ana.getByText('Informe sua senha para sair da pausa.')).toBeVisible();
  await ana.getByLabel('Sua senha').fill('senha-errada-1');
  await ana.getByRole('button', { name: 'Sair da pausa' }).click();
  await expect(ana.getByText('Senha incorreta.')).toBeVisible();
  await ana.getByLabel('Sua senha').fill(DEMO_PASSWORD);
  await ana.getByRole('button', { name: 'Sair da pausa' }).click();
  await expect(ana).toHaveURL(/\/chat$/);
  await expect(ana.getByText('Pausa encerrada. Bom trabalho!')).toBeVisible();
  await expect(ana.getByRole('button', { name: `Abrir conversa com ${name}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(operatorRow(gestor, 'Ana')).toContainText('1 / 2');
  await expect(operatorRow(gestor, 'Ana')).toContainText('On-line');

  await ana.context().close();
  await gestor.context().close();
});

test('passado o tempo limite da pausa, a sessão termina e o login diz o motivo', async ({
  page,
  baseURL,
}) => {
  // The smallest limit is one minute; the worker checks every second.
  test.setTimeout(150_000);
  if (!baseURL) throw new Error('baseURL');
  const manager = await apiAs(baseURL, DEMO.manager);
  const saved = await manager.put('/api/control-pause', {
    data: {
      is_active: true,
      use_reason: false,
      use_password: false,
      use_limit_pause: { enabled: true, limit_minutes: 1 },
    },
  });
  expect(saved.ok()).toBe(true);
  await manager.dispose();

  await login(page, DEMO.ana);
  await page.getByRole('button', { name: 'Pausar' }).click();
  const choose = page.getByRole('dialog', { name: 'Pausar atendimento' });
  // Reasons exist but are optional here: pausing without one.
  await choose.getByRole('button', { name: 'Pausar' }).click();
  await expect(page).toHaveURL(/\/user-in-pause$/);
  await expect(page.getByText(/^A pausa termina às \d{2}:\d{2}$/)).toBeVisible();

  await expect(page).toHaveURL(/\/login$/, { timeout: 100_000 });
  await expect(page.getByRole('main')).toContainText(
    'Sua pausa passou do tempo limite e a sessão foi encerrada.',
  );
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/login$/);
});
