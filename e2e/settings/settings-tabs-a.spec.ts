import { expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { keepDemoCompanySettings, saveSettingsCard as save } from '../support/company-settings';
import { DEMO, login } from '../support/demo';

// Settings tabs Dashboards, Campanhas, Finalização em lote, Histórico and Opções de campanha (issue 24): a manager
// changes one setting in each and finds it kept after reloading (turning the dashboards off takes Painéis out of
// the menu); an admin saves the company's business hours in company edit's automatic-attendance modal.

test.use({ viewport: { width: 1440, height: 900 } });

keepDemoCompanySettings();

test('o gestor muda uma configuração em cada aba e a encontra igual depois de recarregar', async ({
  page,
}) => {
  test.slow();
  await login(page, DEMO.manager);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });

  // Dashboards: off, the Painéis entry leaves the menu; on again, it is back.
  await page.goto('/settings?tab=dashboard');
  let tab = page.getByRole('region', { name: 'Dashboards' });
  await expect(menu.getByRole('link', { name: 'Painéis', exact: true })).toHaveCount(1);
  await tab.getByRole('switch', { name: 'Ativar os dashboards' }).click();
  await save(page, 'Dashboards');
  await expect(menu.getByRole('link', { name: 'Painéis', exact: true })).toHaveCount(0);
  await page.reload();
  tab = page.getByRole('region', { name: 'Dashboards' });
  await expect(tab.getByRole('switch', { name: 'Ativar os dashboards' })).not.toBeChecked();
  await tab.getByRole('switch', { name: 'Ativar os dashboards' }).click();
  await save(page, 'Dashboards');
  await expect(menu.getByRole('link', { name: 'Painéis', exact: true })).toHaveCount(1);

  // Campanhas: 120 sends a minute.
  await page.goto('/settings?tab=campaign');
  tab = page.getByRole('region', { name: 'Campanhas' });
  await tab.getByLabel('Envios por minuto (por canal)').fill('120');
  await save(page, 'Campanhas');
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Campanhas' }).getByLabel('Envios por minuto (por canal)'),
  ).toHaveValue('120 por minuto');

  // Finalização em lote: at most 50 attendances an action; 0 is refused with the spec's text.
  await page.goto('/settings?tab=batch-close');
  tab = page.getByRole('region', { name: 'Finalização em lote' });
  await tab.getByLabel('Máximo de atendimentos por ação').fill('0');
  await tab.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    tab.getByText('O máximo de atendimentos por ação deve ser um número inteiro entre 1 e 1000.'),
  ).toBeVisible();
  await tab.getByLabel('Máximo de atendimentos por ação').fill('50');
  await save(page, 'Finalização em lote');
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Finalização em lote' }).getByLabel('Máximo de atendimentos por ação'),
  ).toHaveValue('50 atendimentos');

  // Histórico: the e-mails that receive the history report.
  await page.goto('/settings?tab=history');
  tab = page.getByRole('region', { name: 'Histórico' });
  const emails = tab.getByLabel('E-mails que recebem os relatórios do histórico');
  await emails.fill('historico@empresademo.com.br');
  await save(page, 'Histórico');
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Histórico' })
      .getByLabel('E-mails que recebem os relatórios do histórico'),
  ).toHaveValue('historico@empresademo.com.br');

  // Opções de campanha: replies within 24 hours go to Financeiro.
  await page.goto('/settings?tab=campaign-options');
  tab = page.getByRole('region', { name: 'Opções de campanha' });
  await tab.getByLabel('Tempo máximo de atribuição à campanha').fill('24');
  await tab.getByRole('combobox', { name: 'Setor das respostas de campanha' }).click();
  await page.getByRole('option', { name: 'Financeiro', exact: true }).click();
  await save(page, 'Opções de campanha');
  await page.reload();
  tab = page.getByRole('region', { name: 'Opções de campanha' });
  await expect(tab.getByLabel('Tempo máximo de atribuição à campanha')).toHaveValue('24 horas');
  await expect(tab.getByRole('combobox', { name: 'Setor das respostas de campanha' })).toHaveValue(
    'Financeiro',
  );
  await page.screenshot({ path: 'docs/screenshots/settings-campaign-options.png' });
});

test('o administrador salva o horário de atendimento da empresa no modal', async ({ page, baseURL }) => {
  test.slow();
  await login(page, DEMO.admin);
  const res = await page.request.get('/api/companies?search=Empresa%20Demo');
  const body = (await res.json()) as { items: { id: number; name: string }[] };
  const id = body.items.find((c) => c.name === 'Empresa Demo')?.id ?? 0;
  await page.goto(`/companies/${id}?redirect=automatic-attendance`);
  await page.getByRole('button', { name: 'Horário de atendimento' }).click();
  const modal = page.getByRole('dialog', { name: 'Horário de atendimento' });
  await modal.getByRole('switch', { name: 'Sábado', exact: true }).click();
  await modal.getByLabel('Sábado fim').fill('12:00');
  await modal.getByRole('switch', { name: 'Responder automaticamente fora do horário' }).click();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal.getByText('Informe a mensagem automática.')).toBeVisible();
  await modal.getByLabel('Mensagem fora do horário').fill('Voltamos na segunda às 8h.');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Atendimento automático salvo com sucesso!').first()).toBeVisible();
  await expect(modal).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Sábado: 08:00 às 12:00')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/company-automatic-attendance.png' });
  await page.getByRole('button', { name: 'Horário de atendimento' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Horário de atendimento' }).getByLabel('Mensagem fora do horário'),
  ).toHaveValue('Voltamos na segunda às 8h.');

  // Back to the seeded state.
  const admin = await apiAs(baseURL ?? '', DEMO.admin);
  const reset = await admin.put(`/api/companies/${id}/automatic-attendance`, { data: {} });
  expect(reset.ok()).toBe(true);
  await admin.dispose();
});
