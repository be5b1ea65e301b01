import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';
import {
  closeOpenAttendances,
  goOnline,
  operatorRow,
  resetAna,
  setDistribution,
  visitorWrites,
} from '../support/distribution';

const counter = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

test.beforeAll(async ({ baseURL }) => {
  if (!baseURL) throw new Error('baseURL');
  const manager = await apiAs(baseURL, DEMO.manager);
  await setDistribution(manager, false);
  await closeOpenAttendances(manager);
  await manager.dispose();
  await resetAna(baseURL);
});

test.afterAll(async ({ baseURL }) => {
  if (!baseURL) throw new Error('baseURL');
  // The other specs expect the seed's company: distribution off, Ana off-line, no cards left behind.
  const manager = await apiAs(baseURL, DEMO.manager);
  await setDistribution(manager, false);
  await closeOpenAttendances(manager);
  await manager.dispose();
  await resetAna(baseURL);
});

test('o gestor liga a distribuição e o web chat chega sozinho à operadora on-line, com o painel ao vivo', async ({
  browser,
}) => {
  const gestor = await (await browser.newContext()).newPage();
  await login(gestor, DEMO.manager);
  await gestor
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Configurações' })
    .click();
  await expect(gestor).toHaveURL(/\/settings$/);
  // Pause control is the default tab (spec 2 §2).
  await expect(gestor.getByRole('tab', { name: 'Pausa' })).toHaveAttribute('aria-selected', 'true');
  await gestor.getByRole('tab', { name: 'Nova distribuição' }).click();
  await expect(gestor).toHaveURL(/tab=distribution/);

  await gestor.getByRole('switch', { name: 'Ativar distribuição automática' }).check();
  const limit = gestor.getByLabel('Número máximo de atendimentos por operador');
  await limit.fill('0');
  await gestor.getByRole('button', { name: 'Salvar' }).first().click();
  await expect(gestor.getByText('Informe qual o número máximo de atendimentos por operador.')).toBeVisible();

  // The defaults save as they are: "clients that do not answer" starts off (it needs the busy-client time).
  const notAnswering = gestor.getByRole('switch', {
    name: 'Distribuir atendimentos de clientes que não respondem',
  });
  await expect(notAnswering).not.toBeChecked();
  await limit.fill('2');
  await gestor.getByRole('button', { name: 'Salvar' }).first().click();
  await expect(gestor.getByText('Configuração alterada com sucesso!')).toBeVisible();
  await expect(gestor.getByText('Informe qual o número máximo de atendimentos por operador.')).toHaveCount(0);

  // Switched on without that time in the attendance rules: the option says why, not a bare "Erro!".
  await notAnswering.check();
  await gestor.getByRole('button', { name: 'Salvar' }).first().click();
  await expect(
    gestor.getByText(
      'Para distribuir atendimentos de clientes que não respondem, configure o tempo de cliente ocupado nas Regras de atendimento.',
    ),
  ).toBeVisible();
  await expect(gestor.getByText('Erro!')).toHaveCount(0);
  await notAnswering.uncheck();

  const ana = await (await browser.newContext()).newPage();
  await login(ana, DEMO.ana);
  await goOnline(ana);

  await gestor.getByRole('link', { name: 'Monitoramento' }).click();
  await expect(gestor.getByRole('heading', { name: 'Monitoramento' })).toBeVisible();
  await expect(gestor.getByText('Distribuição ligada · até 2 por operador')).toBeVisible();
  await expect(operatorRow(gestor, 'Ana')).toContainText('On-line');
  await expect(operatorRow(gestor, 'Ana')).toContainText('0 / 2');
  await expect(counter(gestor, 'Em atendimento')).toContainText('0');

  const name = `Visitante ${Date.now()}`;
  const visitor = await visitorWrites(browser, name, 'Olá, quero um orçamento.');

  // Assigned by the distribution worker and pushed through the socket: no reload on either screen.
  const card = ana.getByRole('button', { name: `Abrir conversa com ${name}` });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('Olá, quero um orçamento.');
  await expect(operatorRow(gestor, 'Ana')).toContainText('1 / 2', { timeout: 15_000 });
  await expect(counter(gestor, 'Em atendimento')).toContainText('1');
  await expect(counter(gestor, 'Total de atendimentos')).toContainText('1');

  // Going off-line shows on the dashboard at once.
  await ana.getByRole('switch', { name: 'Status on-line' }).uncheck();
  await expect(ana.getByRole('group', { name: 'Status de atendimento' })).toContainText('Off-line');
  await expect(operatorRow(gestor, 'Ana')).toContainText('Off-line');

  await visitor.context().close();
  await ana.context().close();
  await gestor.context().close();
});

test('as regras de atendimento mostram minutos na tela e pedem o status que falta', async ({ page }) => {
  await login(page, DEMO.manager);
  await page.goto('/settings?tab=rules');
  await expect(page.getByRole('tab', { name: 'Regras de atendimento' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByLabel('Finalizar o atendimento após').fill('30');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Selecione o status de finalização do atendimento.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Status de finalização' }).click();
  await page.getByRole('option', { name: 'Sem retorno do cliente' }).click();
  await page.getByRole('switch', { name: 'Devolver atendimentos para a fila ao sair' }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configuração alterada com sucesso!')).toBeVisible();

  // Seconds on the wire, minutes on the screen.
  const saved = await (await page.request.get('/api/attendance-rules')).json();
  expect(saved).toMatchObject({ time_waiting_client_to_finalize: 1800, remove_chats_logout: true });
  await page.reload();
  await expect(page.getByLabel('Finalizar o atendimento após')).toHaveValue('30 min');

  // Back to no rules, so the other specs keep their attendances open.
  await page.request.put('/api/attendance-rules', {
    data: {
      time_waiting_client_to_finalize: null,
      status_waiting_client_to_finalize: null,
      time_waiting_client_to_busy_client: null,
      change_status_when_busy_client: '0',
      status_busy_client: null,
      time_waiting_client_to_poke_client: null,
      show_poke_options: false,
      remove_chats_logout: false,
    },
  });
  await page.reload();
  await expect(page.getByText('Nenhuma regra foi configurada.')).toBeVisible();
});
