import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';
import { turnPauseControlOff } from '../support/distribution';

test.beforeAll(async ({ baseURL }) => {
  if (!baseURL) throw new Error('baseURL');
  const manager = await apiAs(baseURL, DEMO.manager);
  await turnPauseControlOff(manager);
  await manager.dispose();
});

test.afterAll(async ({ baseURL }) => {
  if (!baseURL) throw new Error('baseURL');
  const manager = await apiAs(baseURL, DEMO.manager);
  await turnPauseControlOff(manager);
  await manager.dispose();
});

const statusGroup = (page: Page) => page.getByRole('group', { name: 'Status de atendimento' });

test('"Pausar" só aparece com o controle de pausa ligado, e os avisos ficam abaixo do cabeçalho', async ({
  page,
}) => {
  // Pause control is off by default: the header offers no "Pausar" that could only be refused.
  await login(page, DEMO.manager);
  await expect(statusGroup(page).getByText('Off-line')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pausar' })).toHaveCount(0);

  await page.goto('/settings');
  const tab = page.getByRole('tabpanel', { name: 'Pausa' });
  await tab.getByRole('switch', { name: 'Ativar controle de pausa' }).check();
  await tab.getByRole('button', { name: 'Salvar' }).first().click();

  // The toast shows under the header: On-line, Pausar and Sair stay uncovered.
  const toast = page.getByRole('alert').filter({ hasText: 'Configuração alterada com sucesso!' });
  await expect(toast).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pausar' })).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  const shown = await toast.boundingBox();
  if (!header || !shown) throw new Error('cabeçalho ou aviso sem posição');
  expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
  // Hovered, the toast stays open, and still nothing lies over the header's buttons.
  await toast.hover();
  for (const name of ['Pausar', 'Sair']) {
    const uncovered = await page.getByRole('button', { name }).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(uncovered, `${name} coberto pelo aviso`).toBe(true);
  }

  // Off again: the button leaves the header.
  await tab.getByRole('switch', { name: 'Ativar controle de pausa' }).uncheck();
  await tab.getByRole('button', { name: 'Salvar' }).first().click();
  await expect(page.getByRole('button', { name: 'Pausar' })).toHaveCount(0);
});
