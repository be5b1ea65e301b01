import { expect, type Page, test } from '@playwright/test';
import { DEMO, login } from '../support/demo';

// Pictures for docs/screenshots (rewritten on every run, like the other specs' screenshots).
test.use({ viewport: { width: 1440, height: 900 } });

const shot = (page: Page, name: string) => page.screenshot({ path: `docs/screenshots/${name}.png` });

test('telas de usuários, importação e permissões', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Usuários' });
  await expect(table.getByRole('cell', { name: DEMO.bruno })).toBeVisible();
  await shot(page, 'users-list');

  await table.getByRole('button', { name: 'Editar Ana Operadora' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar usuário — Ana Operadora' });
  await expect(dialog.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Ana Operadora');
  await page.waitForTimeout(500);
  await shot(page, 'user-modal');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('button', { name: 'Importar usuários' }).click();
  const importing = page.getByRole('dialog', { name: 'Importar usuários' });
  await importing.locator('input[type="file"]').setInputFiles({
    name: 'usuarios.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'nome;email;nome_de_exibicao;senha;genero;funcao;setores\n' +
        'Lia Souza;lia.souza@exemplo.com;Lia;Senha1234;F;O;Suporte\n' +
        ';lia-sem-arroba;;123;X;A;Vendas\n' +
        'Gustavo Repetido;gestor@empresademo.com.br;;Senha1234;M;G;Comercial,Financeiro\n',
    ),
  });
  await importing.getByRole('button', { name: 'Validar' }).click();
  await expect(importing.getByRole('table', { name: 'Validação da importação' })).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'users-import');
  await importing.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('button', { name: 'Mais ações de Bruno Operador' }).click();
  await page.getByRole('menuitem', { name: 'Permissões' }).click();
  await page.getByRole('checkbox', { name: 'Escrita — Setores de atendimento' }).check();
  await page.getByRole('checkbox', { name: 'Leitura — Usuários' }).check();
  await page.getByRole('checkbox', { name: 'Leitura — Histórico' }).check();
  await page.getByRole('checkbox', { name: 'Escrita — Web chat' }).check();
  await shot(page, 'permissions-matrix');
  await page.getByRole('checkbox', { name: 'Leitura — Modelos HSM' }).click();
  await expect(page.getByRole('dialog', { name: 'Dependências' })).toBeVisible();
  await page.waitForTimeout(500);
  await shot(page, 'permissions-dependency');
});
