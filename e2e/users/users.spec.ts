import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, login } from '../support/demo';
import { adminApi } from './admin-api';

const SUFFIX = Date.now().toString(36);

async function openUsers(page: Page, email: string) {
  await login(page, email);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Usuários' })
    .click();
  await expect(page.getByRole('heading', { name: 'Usuários', exact: true })).toBeVisible();
}

async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('o administrador cadastra um operador pelo modal, com confirmação, e ele aparece na lista', async ({
  page,
}) => {
  await openUsers(page, DEMO.admin);
  const table = page.getByRole('table', { name: 'Usuários' });
  await expect(table.getByRole('cell', { name: 'bruno.operador@empresademo.com.br' })).toBeVisible();

  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo usuário' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Nome é obrigatório')).toBeVisible();
  await expect(dialog.getByText('E-mail é obrigatório')).toBeVisible();
  await expect(dialog.getByText('Senha é obrigatório')).toBeVisible();
  await expect(dialog.getByText('Gênero é obrigatório')).toBeVisible();
  await expect(dialog.getByText('Função é obrigatório')).toBeVisible();

  const name = `Dora Lima ${SUFFIX}`;
  const email = `dora.${SUFFIX}@empresademo.com.br`;
  await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Senha', exact: true }).fill('curta');
  await pick(page, dialog, 'Gênero', 'Feminino');
  await pick(page, dialog, 'Função', 'Operador');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    dialog.getByText('A senha deve ter no mínimo 8 caracteres, com letras e números.'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Senha', exact: true }).fill('Senha1234');
  const sectors = dialog.getByRole('combobox', { name: 'Setores', exact: true });
  await sectors.click();
  await page.getByRole('option', { name: 'Suporte', exact: true }).click();
  // The list stays open for more choices; leaving the field closes it.
  await sectors.press('Tab');
  await dialog.getByRole('button', { name: 'Salvar' }).click();

  const confirm = page.getByRole('dialog', { name: 'Cadastrar usuário' });
  await expect(confirm.getByText(`Confirma o cadastro do usuário ${name}?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Usuário cadastrado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Buscar usuário' }).fill('dora lima');
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Operador');
  await expect(row).toContainText('Suporte');
  await expect(row).toContainText('Ativo');

  // Editing the role asks for confirmation too.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar usuário — ${name}` });
  await pick(page, edit, 'Função', 'Gestor');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  const roleConfirm = page.getByRole('dialog', { name: 'Alterar função' });
  await expect(roleConfirm.getByText(`Alterar a função de ${name} para Gestor?`)).toBeVisible();
  await roleConfirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Usuário atualizado com sucesso!')).toBeVisible();
  await expect(row).toContainText('Gestor');
});

test('um gestor só com leitura em Usuários não consegue salvar um usuário', async ({ page, request }) => {
  const admin = await adminApi(request);
  const managerId = await admin.userId(DEMO.manager);
  await admin.setUserPermissions(managerId, { read: ['setores_de_atendimento', 'usuarios'], write: [] });
  try {
    await openUsers(page, DEMO.manager);
    const table = page.getByRole('table', { name: 'Usuários' });
    await table.getByRole('button', { name: 'Editar Ana Operadora' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar usuário — Ana Operadora' });
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Ana Renomeada');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Você não tem permissão de alteração')).toBeVisible();

    await page.reload();
    await expect(table.getByRole('row').filter({ hasText: DEMO.ana })).toContainText('Ana Operadora');
    await expect(page.getByText('Ana Renomeada')).toHaveCount(0);
  } finally {
    await admin.clearUserPermissions(managerId);
  }
});

test('importação por CSV: modelo, validação por linha e resultado Finalizado', async ({ page }) => {
  await openUsers(page, DEMO.admin);
  await page.getByRole('button', { name: 'Importar usuários' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar usuários' });

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Baixar modelo' }).click();
  expect((await download).suggestedFilename()).toBe('modelo-importacao-usuario.csv');

  const input = dialog.locator('input[type="file"]');
  const header = 'nome;email;nome_de_exibicao;senha;genero;funcao;setores';
  await input.setInputFiles({
    name: 'com-erros.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\nSem Setor;sem.setor.${SUFFIX}@exemplo.com;;Senha1234;F;X;Vendas\n`),
  });
  await dialog.getByRole('button', { name: 'Validar' }).click();
  const check = dialog.getByRole('table', { name: 'Validação da importação' });
  await expect(check.getByText('Função inválida (use O ou G).')).toBeVisible();
  await expect(check.getByText('Setor não encontrado: Vendas')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Salvar' })).toBeDisabled();

  await input.setInputFiles({
    name: 'usuarios.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `\uFEFF${header}\r\nÍris Prado;iris.${SUFFIX}@exemplo.com;Íris;Senha1234;F;O;Suporte\r\n` +
        `Otto Reis;otto.${SUFFIX}@exemplo.com;;Senha1234;M;G;Comercial,Financeiro\r\n`,
    ),
  });
  await dialog.getByRole('button', { name: 'Validar' }).click();
  await expect(check.getByRole('cell', { name: 'OK', exact: true })).toHaveCount(2);
  await expect(check).toContainText('Comercial, Financeiro');
  await dialog.getByRole('button', { name: 'Salvar' }).click();

  const result = dialog.getByRole('table', { name: 'Resultado da importação' });
  await expect(result.getByText('Finalizado', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Importação concluída.').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await page.getByRole('textbox', { name: 'Buscar usuário' }).fill(SUFFIX);
  const table = page.getByRole('table', { name: 'Usuários' });
  await expect(table.getByRole('row').filter({ hasText: `otto.${SUFFIX}@exemplo.com` })).toContainText(
    'Gestor',
  );
  await expect(table.getByRole('row').filter({ hasText: `iris.${SUFFIX}@exemplo.com` })).toContainText(
    'Íris Prado',
  );
});

test('matriz de permissões: dependência recusada abre o aviso; escrita marca leitura', async ({ page }) => {
  await openUsers(page, DEMO.admin);
  await page.getByRole('button', { name: 'Mais ações de Bruno Operador' }).click();
  await page.getByRole('menuitem', { name: 'Permissões' }).click();
  await expect(page.getByRole('heading', { name: 'Permissões do usuário Bruno Operador' })).toBeVisible();
  await expect(page.getByText('Sem restrição de módulo', { exact: true })).toBeVisible();

  const perfis = page.getByRole('checkbox', { name: 'Leitura — Perfis' });
  await perfis.click();
  const modal = page.getByRole('dialog', { name: 'Dependências' });
  await expect(modal.getByText('Para liberar "Perfis" é preciso liberar antes: Usuários.')).toBeVisible();
  await modal.getByRole('button', { name: 'Entendi' }).click();
  await expect(perfis).not.toBeChecked();

  await page.getByRole('checkbox', { name: 'Escrita — Setores de atendimento' }).check();
  await expect(page.getByRole('checkbox', { name: 'Leitura — Setores de atendimento' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Leitura — todos de Configurações' })).toBeChecked({
    indeterminate: true,
  });
  await page.getByRole('checkbox', { name: 'Leitura — Usuários' }).check();
  await perfis.check();
  await page.getByRole('checkbox', { name: 'Leitura — Histórico' }).check();

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Permissões atualizadas com sucesso!')).toBeVisible();
  await expect(page.getByText('Com restrição de módulo', { exact: true })).toBeVisible();

  // Unchecking read of Usuários takes Perfis with it (it depends on it).
  await page.getByRole('checkbox', { name: 'Leitura — Usuários' }).uncheck();
  await expect(perfis).not.toBeChecked();

  // Reloading drops the unsaved change (the browser asks first, and the test accepts).
  page.once('dialog', (dialog) => dialog.accept());
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Leitura — Perfis' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Escrita — Setores de atendimento' })).toBeChecked();
  await page.getByRole('button', { name: 'Remover restrições' }).click();
  await page
    .getByRole('dialog', { name: 'Remover restrições' })
    .getByRole('button', { name: 'Remover' })
    .click();
  await expect(page.getByText('Sem restrição de módulo', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Leitura — Perfis' })).not.toBeChecked();
});
