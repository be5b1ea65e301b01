import { expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';

// Each test starts from the defaults of the settings it changes (the e2e server keeps its data).
test.beforeEach(async ({ baseURL }) => {
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  const meta = (await (await manager.get('/api/company/metadata')).json()) as Record<string, unknown> & {
    allow: Record<string, boolean>;
  };
  const reset = await manager.put('/api/company/metadata', {
    data: {
      ...meta,
      allow: { ...meta.allow, opTransfer: false, allowedSectors: false, restrictTransfer: false },
    },
  });
  expect(reset.ok()).toBe(true);
  await manager.dispose();
});

test('os modos de transferência de setor são exclusivos, com confirmação', async ({ page }) => {
  await login(page, DEMO.manager);
  await page.goto('/settings?tab=sector-config');
  const block = page.getByRole('switch', { name: 'Bloquear transferências pelos operadores' });
  const own = page.getByRole('switch', { name: 'Transferir somente para os setores do operador' });
  await expect(block).not.toBeChecked();

  await block.check();
  await expect(block).toBeChecked();

  // Another mode while one is on: asks first; declining leaves the chosen one off.
  await own.click();
  const dialog = page.getByRole('dialog', { name: 'Trocar o modo de transferência' });
  await expect(dialog).toContainText('Apenas um modo de transferência pode ficar ativo.');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(own).not.toBeChecked();
  await expect(block).toBeChecked();

  // Accepting turns the others off.
  await own.click();
  await dialog.getByRole('button', { name: 'Ativar' }).click();
  await expect(own).toBeChecked();
  await expect(block).not.toBeChecked();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configuração alterada com sucesso!')).toBeVisible();

  await page.reload();
  await expect(own).toBeChecked();
  await expect(block).not.toBeChecked();
  await expect(page.getByRole('switch', { name: /setores de transferência do usuário/ })).not.toBeChecked();
});

test('todas as abas da especificação aparecem, também pelo endereço, e o MFA leva à segurança', async ({
  page,
}) => {
  await login(page, DEMO.admin);
  await page.goto('/settings');
  const tabs = page.getByRole('tablist', { name: 'Abas de configurações' });
  await expect(tabs.getByRole('tab', { name: 'Pausa' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: 'Cópia de mensagens' })).toBeVisible();
  // Every numbered tab and attendance tab of spec 2 §2 is offered (issue 24), each changing real behaviour.
  for (const name of [
    'Dashboards',
    'Campanhas',
    'WhatsApp',
    'Finalização em lote',
    'Controle de mídia',
    'Canais',
    'Histórico',
    'Comunicação interna',
    'Mudança automática',
    'Opções de campanha',
    'CRM',
  ])
    await expect(tabs.getByRole('tab', { name, exact: true })).toBeVisible();
  await page.goto('/settings?tab=negotiator');
  await expect(page.getByRole('tab', { name: 'Negociador', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('switch', { name: 'Ativar o negociador' })).toBeVisible();
  await page.goto('/settings?tab=dashboard');
  await expect(page.getByRole('tab', { name: 'Dashboards', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // An unknown tab falls back to the default one.
  await page.goto('/settings?tab=inexistente');
  await expect(page.getByRole('tab', { name: 'Pausa' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'MFA' }).click();
  await page.getByRole('link', { name: 'Abrir segurança' }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
});
