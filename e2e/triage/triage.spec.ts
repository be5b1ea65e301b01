import { expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';

test('o gestor escolhe a triagem e a vê travada em Gestor com a distribuição automática ligada', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  if (!baseURL) throw new Error('baseURL');
  const manager = await apiAs(baseURL, DEMO.manager);
  await manager.put('/api/company/triage', { data: { triage: 'OPERATOR' } });

  await login(page, DEMO.manager);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Triagem' })
    .click();
  await expect(page).toHaveURL(/\/triage$/);
  await expect(page.getByRole('heading', { name: 'Triagem' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Operador' })).toBeChecked();
  await expect(
    page.getByText('Cada operador vê os próprios atendimentos e os que ainda não têm operador'),
  ).toBeVisible();

  await page.getByRole('radio', { name: 'Gestor' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Triagem salva com sucesso.')).toBeVisible();

  // Automatic distribution on: the choice is MANAGER, locked, with the reason.
  const on = await manager.put('/api/auto-dist', { data: { enabled: true, chat_per_user: 2 } });
  expect(on.ok()).toBe(true);
  try {
    await page.reload();
    await expect(page.getByText('A distribuição automática está ativa:')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Gestor' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Básica' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  } finally {
    await manager.put('/api/auto-dist', { data: { enabled: false, chat_per_user: 0 } });
    await manager.put('/api/company/triage', { data: { triage: 'OPERATOR' } });
  }
});
