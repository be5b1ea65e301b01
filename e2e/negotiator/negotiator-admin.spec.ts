import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login, mainMenu } from '../support/demo';
import { createDebtMailing } from './negotiator-fixtures';

// Screenshots of the form and the phrases page, to look at them (not assertions).
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-b';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test('o gestor cria um negociador pelo formulário, vê na lista e edita uma frase do hotsite', async ({
  page,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const api = await apiAs(baseURL ?? '', DEMO.manager);
  const mailing = await createDebtMailing(api, { title: `Carteira ${stamp}` });
  // A link with only an e-mail button: no WhatsApp number is asked for.
  const link = await api.post('/api/multichannel', {
    data: {
      name: `Cobrança ${stamp}`,
      payload: { em: { enabled: true, email: `cobranca.${stamp}@empresademo.com.br` } },
    },
  });
  expect(link.ok()).toBe(true);

  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'Negociador' }).click();
  await expect(page).toHaveURL(/\/negotiator$/);
  await page.getByRole('button', { name: 'Novo negociador' }).first().click();
  await expect(page.getByRole('heading', { name: 'Novo negociador' })).toBeVisible();

  // Saving empty: the first rule's message.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Informe o nome do negociador.' })).toBeVisible();

  const name = `Negociador ${stamp}`;
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await choose(page, 'Mailing', mailing.title);
  // The columns are guessed from the mailing's header.
  await expect(page.getByRole('combobox', { name: 'Documento (CPF/CNPJ)' })).toHaveValue('CPF');
  await expect(page.getByRole('combobox', { name: 'Valor da dívida' })).toHaveValue('Valor');
  await choose(page, 'Link multicanal', `Cobrança ${stamp}`);
  await choose(page, 'Validar documento', 'Em negociação');
  await choose(page, 'Boleto emitido', 'Resolvido');
  await choose(page, 'Boleto não emitido', 'Sem retorno do cliente');
  await choose(page, 'Coluna do valor', 'A vista');
  await page.getByRole('textbox', { name: 'Beneficiário', exact: true }).fill('Empresa Demo Cobranças Ltda');
  await page.getByRole('textbox', { name: 'Agência' }).fill('1234');
  await page.getByRole('textbox', { name: 'Conta', exact: true }).fill('0012345');
  await page.getByRole('textbox', { name: 'Carteira' }).fill('09');
  await shot(page, 'negotiator-form');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page.getByText('Negociador salvo com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/negotiator$/);
  const row = page.getByRole('table', { name: 'Negociadores' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(mailing.title);
  await expect(row).toContainText(`Cobrança ${stamp}`);
  await expect(row).toContainText('/negociar/');
  await shot(page, 'negotiator-list');

  await row.getByRole('button', { name: `Frases de ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Frases — ${name}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Hotsite' }).click();
  await expect(page.getByText('Negocie seus débitos com a [empresa]')).toBeVisible();
  await page.getByRole('button', { name: 'Editar' }).click();
  const title = page.getByRole('textbox', { name: 'Título', exact: true });
  await title.fill('Olá [nome], negocie com a [empresa]');
  await expect(page.getByText('A variável [nome] não é permitida nesta frase.')).toBeVisible();
  await title.fill('Acerte suas contas com a [empresa]');
  await expect(page.getByText('A variável [nome] não é permitida nesta frase.')).toHaveCount(0);
  await shot(page, 'negotiator-phrases-edit');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Frases salvas.')).toBeVisible();
  // Back in read mode, the saved text, marked as edited.
  await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
  await expect(page.getByText('Acerte suas contas com a [empresa]')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Hotsite' }).click();
  await expect(page.getByText('Acerte suas contas com a [empresa]')).toBeVisible();
  await shot(page, 'negotiator-phrases');
});
