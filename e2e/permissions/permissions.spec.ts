import { expect, type Page, test } from '@playwright/test';
import { DEMO, login } from '../support/demo';

const usersLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Usuários' });

async function openBrunoPermissions(page: Page) {
  await usersLink(page).click();
  await expect(page.getByRole('heading', { name: 'Usuários', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Mais ações de Bruno Operador' }).click();
  await page.getByRole('menuitem', { name: 'Permissões' }).click();
  await expect(page.getByRole('heading', { name: 'Permissões do usuário Bruno Operador' })).toBeVisible();
}

test('a matriz diz que, sem nada salvo, vale a função; "Voltar" com alterações não salvas pergunta antes', async ({
  page,
}) => {
  await login(page, DEMO.admin);
  await openBrunoPermissions(page);

  // Nothing saved: a clear state, and a helper that says the empty boxes block nothing.
  await expect(page.getByText('Sem restrição de módulo', { exact: true })).toBeVisible();
  await expect(page.getByTestId('access-help')).toContainText(
    'Nenhuma permissão de módulo foi salva para este usuário: vale o acesso padrão da função Operador.',
  );
  await expect(page.getByTestId('access-help')).toContainText('As caixas vazias não bloqueiam nada');
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeDisabled();

  // An unsaved change: "Voltar" asks; "Cancelar" keeps the screen and the change.
  const historico = page.getByRole('checkbox', { name: 'Leitura — Histórico' });
  await historico.check();
  await expect(page.getByText('Alterações não salvas')).toBeVisible();
  await page.getByRole('button', { name: 'Voltar' }).click();
  const discard = page.getByRole('dialog', { name: 'Descartar alterações?' });
  await expect(discard).toContainText(
    'As alterações nas permissões ainda não foram salvas e serão perdidas.',
  );
  await discard.getByRole('button', { name: 'Cancelar' }).click();
  await expect(discard).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Permissões do usuário Bruno Operador' })).toBeVisible();
  await expect(historico).toBeChecked();

  // The menu asks too; "Descartar" leaves and nothing was saved.
  await usersLink(page).click();
  await discard.getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByRole('heading', { name: 'Permissões do usuário Bruno Operador' })).toBeHidden();
  await openBrunoPermissions(page);
  await expect(page.getByText('Sem restrição de módulo', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Leitura — Histórico' })).not.toBeChecked();

  // Without changes, "Voltar" simply goes back.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByRole('dialog', { name: 'Descartar alterações?' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Permissões do usuário Bruno Operador' })).toBeHidden();
});
