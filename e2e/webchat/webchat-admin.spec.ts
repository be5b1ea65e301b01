import { expect, type Page, test } from '@playwright/test';
import { DEMO, login } from '../support/demo';

const NAME = `Loja Virtual ${Date.now().toString(36)}`;
const RENAMED = `${NAME} Editada`;

async function openWebchats(page: Page) {
  await login(page, DEMO.manager);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Web chat' })
    .click();
  await expect(page.getByRole('heading', { name: 'Web chat', exact: true })).toBeVisible();
}

async function pick(page: Page, label: string, option: string, scope = page.getByRole('dialog')) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('o gestor cria um web chat com um campo de lista, vê o código, edita e exclui', async ({
  page,
  baseURL,
}) => {
  await openWebchats(page);
  const table = page.getByRole('table', { name: 'Web chats' });
  await expect(table.getByRole('cell', { name: 'Site da Empresa Demo', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Novo web chat' }).click();
  const form = page.getByRole('dialog', { name: 'Novo web chat' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('O campo "Nome" é obrigatório!')).toBeVisible();
  await expect(form.getByText('Selecione um setor.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Nome', exact: true }).fill(NAME);
  await pick(page, 'Setor', 'Suporte', form);
  await form.getByRole('textbox', { name: 'Título' }).fill('Fale com a Loja');
  await form.getByRole('textbox', { name: 'Mensagem de boas-vindas' }).fill('Oi! Como podemos ajudar?');
  await form.getByRole('textbox', { name: 'Texto do botão' }).fill('Começar');
  const preview = form.getByTestId('widget-preview');
  await expect(preview.getByText('Fale com a Loja')).toBeVisible();
  await expect(preview.getByText('Começar')).toBeVisible();

  await form.getByRole('button', { name: 'Adicionar campo' }).click();
  const field = form.getByRole('group', { name: 'Campo 2' });
  await field.getByRole('textbox', { name: 'Rótulo' }).fill('Assunto');
  await expect(field.getByRole('textbox', { name: 'Identificador' })).toHaveValue('assunto');
  await pick(page, 'Tipo', 'Lista de opções', field);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(field.getByText('Informe ao menos uma opção para a lista.')).toBeVisible();
  const options = field.getByRole('combobox', { name: 'Opções' });
  await options.fill('Dúvida');
  await options.press('Enter');
  await options.fill('Orçamento');
  await options.press('Enter');
  await field.getByRole('checkbox', { name: 'Obrigatório' }).check();
  await expect(preview.getByText('Assunto')).toBeVisible();

  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Web chat salvo com sucesso!')).toBeVisible();
  const install = page.getByRole('dialog', { name: 'Instalação do web chat' });
  const snippet = install.getByLabel('Código de instalação');
  await expect(snippet).toHaveText(
    new RegExp(`^<script src="${baseURL}/webchat/[A-Za-z0-9_-]+\\.js" async></script>$`),
  );
  const code = /webchat\/([A-Za-z0-9_-]+)\.js/.exec((await snippet.textContent()) ?? '')?.[1];
  expect(code).toBeTruthy();
  // Only the demo company's first web chat is the one of the demo page.
  await expect(install.getByRole('link', { name: 'Testar na página de demonstração' })).toHaveCount(0);
  await install.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByText('Link copiado com sucesso!')).toBeVisible();
  await install.getByRole('button', { name: 'Fechar' }).click();

  // What the widget receives: the new title and the list field with its options.
  const config = await (await page.request.get(`/api/webchat/${code}/config`)).json();
  expect(config).toMatchObject({
    title: 'Fale com a Loja',
    welcome: 'Oi! Como podemos ajudar?',
    button: 'Começar',
  });
  expect(config.fields).toContainEqual({
    name: 'assunto',
    label: 'Assunto',
    type: 'select',
    options: ['Dúvida', 'Orçamento'],
    required: true,
  });

  const row = table.getByRole('row').filter({ hasText: NAME });
  await expect(row.getByRole('cell', { name: 'Suporte' })).toBeVisible();
  await expect(row.getByRole('cell', { name: code ?? '' })).toBeVisible();

  await row.getByRole('button', { name: `Editar ${NAME}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar web chat — ${NAME}` });
  await expect(
    edit.getByRole('group', { name: 'Campo 2' }).getByRole('textbox', { name: 'Rótulo' }),
  ).toHaveValue('Assunto');
  await edit.getByRole('textbox', { name: 'Nome', exact: true }).fill(RENAMED);
  await edit.getByRole('button', { name: 'Mover campo 2 para cima' }).click();
  await expect(
    edit.getByRole('group', { name: 'Campo 1' }).getByRole('textbox', { name: 'Rótulo' }),
  ).toHaveValue('Assunto');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Web chat salvo com sucesso!').first()).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Instalação do web chat' })
    .getByRole('button', { name: 'Fechar' })
    .click();
  const renamed = table.getByRole('row').filter({ hasText: RENAMED });
  await expect(renamed).toBeVisible();
  const reordered = await (await page.request.get(`/api/webchat/${code}/config`)).json();
  expect(reordered.fields.map((f: { name: string }) => f.name)).toEqual(['assunto', 'nome']);

  await renamed.getByRole('button', { name: `Excluir ${RENAMED}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir web chat' });
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Web chat removido com sucesso!')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: RENAMED })).toHaveCount(0);
  expect((await page.request.get(`/api/webchat/${code}/config`)).status()).toBe(404);
});

test('o código do web chat da Empresa Demo leva à página de demonstração', async ({ page }) => {
  await openWebchats(page);
  await page.getByRole('button', { name: 'Código de instalação de Site da Empresa Demo' }).click();
  const install = page.getByRole('dialog', { name: 'Instalação do web chat' });
  await expect(install.getByLabel('Código de instalação')).toContainText('/webchat/demo-empresa.js');
  await expect(install.getByRole('link', { name: 'Testar na página de demonstração' })).toHaveAttribute(
    'href',
    '/demo/webchat',
  );
});

test('o operador não abre a administração de web chat', async ({ page }) => {
  await login(page, DEMO.ana);
  await page.goto('/channels/webchat');
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText('Você não tem permissão para esta ação.')).toBeVisible();
});

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('o logo enviado aparece no formulário e no cabeçalho do web chat do site', async ({ page }) => {
  await openWebchats(page);
  await page.getByRole('button', { name: 'Editar Site da Empresa Demo' }).click();
  const form = page.getByRole('dialog', { name: /Editar web chat/ });
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(page.getByText('Arquivo inválido! Envie uma imagem PNG, JPG, GIF ou BMP.')).toBeVisible();
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Logo enviado com sucesso!')).toBeVisible();
  await expect(form.getByRole('img', { name: 'Logo do web chat' })).toBeVisible();

  const site = await (await page.context().browser()?.newContext())?.newPage();
  if (!site) throw new Error('sem navegador');
  await site.goto('/demo/webchat');
  await site.getByRole('button', { name: /conversa/ }).click();
  await expect(site.locator('prosa-webchat img.logo')).toBeVisible();
  await site.context().close();
});
