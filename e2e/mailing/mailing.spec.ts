import { expect, test } from '@playwright/test';
import { DEMO, login, mainMenu } from '../support/demo';

// Where the screenshots of this run go, to look at the screens (not an assertion).
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: import('@playwright/test').Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const csv = (rows: string[]) => ({
  name: 'clientes.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(rows.join('\n')),
});

test('o gestor envia um CSV, mapeia os parâmetros, salva e vê o mailing importado e Ativo', async ({
  page,
}) => {
  const title = `Clientes ${Date.now() % 100000}`;
  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'Mailings' }).click();
  await expect(page).toHaveURL(/\/mailings$/);
  await expect(page.getByRole('heading', { name: 'Mailings', exact: true })).toBeVisible();
  await shot(page, 'mailings-list-before');

  await page.getByRole('button', { name: 'Novo Mailing' }).first().click();
  await expect(page.getByRole('heading', { name: 'Novo Mailing' })).toBeVisible();

  // Saving without a name and without a file: the spec's texts.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Faça o upload do arquivo', { exact: true })).toBeVisible();

  // A file with a bad row: the invalid-file text and the row in the table.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles(
    csv(['nome;telefone;cidade', 'Maria;11987654321;São Paulo', 'João;11999998888']),
  );
  await expect(page.getByText('Arquivo inválido. Verifique as informãções no quadro').first()).toBeVisible();
  const errors = page.getByRole('table', { name: 'Linhas com erro' });
  await expect(errors).toContainText('3');
  await expect(errors).toContainText('Esperadas 3 colunas, encontradas 2.');
  await shot(page, 'mailing-invalid-file');

  await fileInput.setInputFiles(
    csv([
      'nome;telefone;cidade;cod_setor',
      'Maria Silva;(11) 98765-4321;São Paulo;Comercial',
      '"Souza; João";11 99999-8888;Rio de Janeiro;Suporte',
      'Ana Lima;21977776666;Niterói;Financeiro',
    ]),
  );
  await expect(page.getByText('Arquivo válido.')).toBeVisible();
  await expect(page.getByText('Delimitador: Ponto e vírgula (;)')).toBeVisible();
  await expect(page.getByText('Linhas: 3')).toBeVisible();

  // One param per column: rename, display, keys for WhatsApp.
  const params = page.getByRole('table', { name: 'Parâmetros' });
  await expect(params.getByRole('row')).toHaveCount(5);
  await page.getByRole('textbox', { name: 'Rótulo da coluna nome' }).fill('Nome');
  await page.getByRole('textbox', { name: 'Rótulo da coluna telefone' }).fill('Telefone');
  await page.getByRole('checkbox', { name: 'Exibir nome no atendimento' }).check();
  await page.getByRole('checkbox', { name: 'Exibir telefone no atendimento' }).check();
  await page.getByRole('checkbox', { name: 'Exibir cidade no atendimento' }).check();
  await page.getByRole('combobox', { name: 'Chave para os canais: telefone' }).click();
  await page.getByRole('option', { name: 'WhatsApp Enterprise' }).click();
  await page.getByRole('option', { name: 'SMS' }).click();
  await page.keyboard.press('Escape');

  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(title);
  await page.getByLabel('Validade: de').fill('01/01/2020');
  await page.getByLabel('Validade: até').fill('31/02/2099');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Data de validade inválida', { exact: true })).toBeVisible();
  await page.getByLabel('Validade: até').fill('31/12/2099');
  await shot(page, 'mailing-form');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Mailing criado com sucesso! As linhas estão sendo importadas.')).toBeVisible();

  await expect(page).toHaveURL(/\/mailings$/);
  const row = page.getByRole('table', { name: 'Mailings' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Ativo');
  await expect(row).toContainText('01/01/2020 a 31/12/2099');
  // The import finishes in the worker and the list follows it live.
  await expect(row).toContainText('3 linhas', { timeout: 30_000 });
  await shot(page, 'mailings-list');

  // Editing keeps the params; the filter finds it by name.
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(title.slice(0, 8).toUpperCase());
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Editar ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Editar Mailing' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Rótulo da coluna nome' })).toHaveValue('Nome');
  await expect(page.getByRole('checkbox', { name: 'Exibir cidade no atendimento' })).toBeChecked();
  // A fourth displayed param is still allowed (at most 4).
  await page.getByRole('checkbox', { name: 'Exibir cod_setor no atendimento' }).check();
  await shot(page, 'mailing-edit');
  await page.getByRole('switch', { name: 'Ativo' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Mailing alterado com sucesso!')).toBeVisible();
  await expect(row).toContainText('Inativo');

  // Delete with confirmation.
  await row.getByRole('button', { name: `Excluir ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir mailing' });
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Mailing excluído com sucesso!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('um mailing que não existe volta para a lista com o aviso', async ({ page }) => {
  await login(page, DEMO.manager);
  await page.goto('/mailings/999999');
  await expect(page.getByText('Mailing não encontrada.')).toBeVisible();
  await expect(page).toHaveURL(/\/mailings$/);
});
