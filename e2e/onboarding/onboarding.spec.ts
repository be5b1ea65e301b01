import { expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { sql } from '../support/database';
import { DEMO, login, mainMenu } from '../support/demo';

// A new company's admin: the trial welcome once, the first-run guide by itself, a sector created in the screen it
// sends to turning its step done, "Dispensar" remembered; the training keeps a lesson marked after a reload.

const SUFFIX = Date.now().toString(36);
const ADMIN_EMAIL = `nina-${SUFFIX}@lojanova.com.br`;

test.beforeAll(async ({ baseURL }) => {
  const demo = await apiAs(baseURL ?? '', DEMO.admin);
  const created = await demo.post('/api/companies', {
    data: {
      name: `Loja Nova ${SUFFIX}`,
      domain: `lojanova-${SUFFIX}.com.br`,
      organization: 'Loja Nova Ltda',
      plan_id: 1,
    },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  // No screen creates the first admin of a company: the same password as the demo's.
  await sql(
    `insert into users (company_id, name, display_name, email, password_hash, role)
     select $1, 'Nina Admin', 'Nina', $2, password_hash, 2 from users where email = $3`,
    [id, ADMIN_EMAIL, DEMO.admin],
  );
  await demo.dispose();
});

test('o guia de primeiros passos de uma empresa nova acompanha o que a administradora cria', async ({
  page,
}) => {
  await login(page, ADMIN_EMAIL);

  // A company without a contract is in trial: the welcome first, once.
  const welcome = page.getByRole('dialog', { name: 'Bem-vindo ao período de teste' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByTestId('trial-days-left')).toHaveText(
    'Faltam 14 dias para o fim do seu período de teste.',
  );
  await welcome.getByRole('button', { name: 'Começar' }).click();
  await expect(welcome).toBeHidden();

  // Then the guide opens by itself, nothing done yet.
  const guide = page.getByRole('dialog', { name: 'Guia de primeiros passos' });
  await expect(guide).toBeVisible();
  await expect(guide.getByTestId('onboarding-progress')).toHaveText('0 de 4 etapas concluídas');
  const sectorStep = guide.getByRole('listitem', { name: 'Criar um setor' });
  await expect(sectorStep).toContainText('Pendente');
  await sectorStep.getByRole('button', { name: 'Ir para Setores' }).click();
  await expect(page).toHaveURL(/\/sectors$/);
  await expect(guide).toBeHidden();

  await page.getByRole('button', { name: 'Novo setor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo setor' });
  await dialog.getByLabel('Nome').fill('Atendimento');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Setor criado com sucesso!')).toBeVisible();

  // Reopened from the header: the step is done, from the company's data.
  await page.getByRole('button', { name: 'Guia de primeiros passos' }).click();
  await expect(guide.getByTestId('onboarding-progress')).toHaveText('1 de 4 etapas concluídas');
  await expect(guide.getByRole('listitem', { name: 'Criar um setor' })).toContainText('Concluída');
  await expect(guide.getByRole('listitem', { name: 'Criar um usuário' })).toContainText('Pendente');

  await guide.getByRole('button', { name: 'Dispensar' }).click();
  await expect(page.getByText('Guia de primeiros passos dispensado.')).toBeVisible();
  await expect(guide).toBeHidden();

  // After a reload neither the welcome nor the guide opens by itself.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Setores' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guia de primeiros passos' })).toBeVisible();
  await expect(welcome).toHaveCount(0);
  await expect(guide).toHaveCount(0);

  // Training: a lesson marked as done stays done after a reload.
  await mainMenu(page).filter({ hasText: 'Treinamento' }).click();
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.getByTestId('training-progress')).toHaveText('0 de 8 lições concluídas');
  await page.getByRole('button', { name: /Atendimento: a tela de Atendimentos/ }).click();
  await page.getByRole('button', { name: 'Marcar como concluída' }).click();
  await expect(page.getByText('Progresso do treinamento salvo.')).toBeVisible();
  await expect(page.getByTestId('training-progress')).toHaveText('1 de 8 lições concluídas');
  await page.reload();
  await expect(page.getByTestId('training-progress')).toHaveText('1 de 8 lições concluídas');
  await expect(page.getByRole('button', { name: /Atendimento: a tela de Atendimentos/ })).toContainText(
    'Concluída',
  );
});

test('o visualizador de mídia recusa endereços de fora e mostra o vazio', async ({ page }) => {
  await login(page, DEMO.ana);
  await page.goto(`/media?src=${encodeURIComponent('https://example.com/x.png')}&type=image`);
  await expect(page.getByTestId('media-viewer-empty')).toContainText('Nenhuma mídia para exibir.');
  await expect(page.getByTestId('media-viewer-empty')).toContainText(
    'Só é possível abrir anexos das conversas guardados no Prosa.',
  );
  await page.goto('/media');
  await expect(page.getByTestId('media-viewer-empty')).toContainText('Nenhuma mídia para exibir.');
});
