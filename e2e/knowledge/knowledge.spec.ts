import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, login, mainMenu } from '../support/demo';

const WEBCHAT_CODE = 'demo-empresa';
// Seeded ready answer of the demo company (apps/server/src/seed/ready-answers.ts).
const FRETE_TEXT =
  'O frete é grátis para compras acima de R$ 199,00 para todo o Brasil. Abaixo desse valor, o frete é calculado no carrinho a partir do CEP de entrega.';

async function visitorByApi(request: APIRequestContext, name: string, text: string) {
  const started = await request.post(`/api/webchat/${WEBCHAT_CODE}/visitors`, {
    data: { form: { nome: name } },
  });
  expect(started.ok()).toBe(true);
  const { token } = (await started.json()) as { token: string };
  const sent = await request.post('/api/webchat/visitor/messages', {
    headers: { 'x-visitor-token': token },
    data: { text, client_id: `e2e-kb-${Date.now()}` },
  });
  expect(sent.ok()).toBe(true);
}

const chatModal = (page: Page) => page.getByTestId('chat-modal');

test('operadora digita #fre, escolhe "Frete grátis" e envia a resposta pronta', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const name = `Cliente Frete ${Date.now()}`;
  await visitorByApi(request, name, 'Vocês cobram frete?');
  await login(page, DEMO.ana);
  await page.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  const log = chatModal(page).getByRole('log', { name: 'Mensagens' });
  await expect(log.getByText('Vocês cobram frete?')).toBeVisible();

  const composer = chatModal(page).getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('Olá! #f');
  // One character after '#' is not enough (spec 1 §5: at least 2).
  await expect(page.getByRole('listbox', { name: 'Respostas prontas sugeridas' })).toBeHidden();
  await composer.pressSequentially('re');
  const suggestions = page.getByRole('listbox', { name: 'Respostas prontas sugeridas' });
  const option = suggestions.getByRole('option', { name: /Frete grátis/ });
  await expect(option).toBeVisible();
  expect(await suggestions.getByRole('option').count()).toBeLessThanOrEqual(7);
  await page.screenshot({ path: 'docs/screenshots/chat-ready-answers.png' });

  await option.click();
  await expect(composer).toHaveValue(`Olá! ${FRETE_TEXT}`);
  await expect(suggestions).toBeHidden();
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(log.getByText(/O frete é grátis para compras acima de R\$ 199,00/)).toBeVisible();

  // Accents and case do not matter, and Enter picks the highlighted answer.
  await composer.fill('#FRÉ');
  await expect(suggestions.getByRole('option', { name: /Frete grátis/ })).toBeVisible();
  await composer.press('Enter');
  await expect(composer).toHaveValue(FRETE_TEXT);

  // Escape closes the suggestions, not the conversation.
  await composer.fill('#prazo');
  await expect(suggestions.getByRole('option', { name: /Prazo de entrega/ })).toBeVisible();
  await composer.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(chatModal(page)).toBeVisible();
  await expect(composer).toHaveValue('#prazo');

  // The "Respostas prontas" dialog inserts at the caret as well; Escape closes only the dialog.
  await composer.fill('');
  const dialog = page.getByRole('dialog', { name: 'Respostas prontas' });
  await chatModal(page).getByRole('button', { name: 'Respostas prontas' }).click();
  await expect(dialog.getByRole('list', { name: 'Respostas prontas' })).toContainText('Frete grátis');
  // As a person would: the key once the dialog has taken the focus (it moves there as the dialog opens).
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(chatModal(page)).toBeVisible();
  await chatModal(page).getByRole('button', { name: 'Respostas prontas' }).click();
  await dialog.getByRole('textbox', { name: 'Buscar resposta pronta' }).fill('boleto');
  await dialog.getByRole('listitem', { name: 'Inserir Segunda via de boleto' }).click();
  await expect(dialog).toBeHidden();
  await expect(composer).toHaveValue(/^Para emitir a segunda via do boleto/);
  await expect(chatModal(page)).toBeVisible();
});

test('gestor cadastra uma resposta com tag e a encontra pela busca', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'Perguntas e respostas' }).click();
  await expect(page).toHaveURL(/\/knowledgebase$/);
  await expect(page.getByRole('heading', { name: 'Perguntas e respostas' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Perguntas e respostas' });
  await expect(table.getByText('Frete grátis', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Respostas mais usadas' })).toContainText('Frete grátis');

  // The search rules answer inline.
  const search = page.getByRole('textbox', { name: 'Buscar pergunta e resposta' });
  await search.fill('fr');
  await expect(page.getByText('Informe uma palavra com mais que 2 caracteres')).toBeVisible();

  await page.getByRole('button', { name: 'Nova resposta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova pergunta e resposta' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Título é obrigatório')).toBeVisible();
  await expect(dialog.getByText('Texto é obrigatório')).toBeVisible();

  const title = `Cupom de primeira compra ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Título' }).fill(title);
  await dialog
    .getByRole('textbox', { name: 'Texto' })
    .fill('Use o cupom BEMVINDO10 e ganhe 10% de desconto na primeira compra.');
  const tags = dialog.getByRole('combobox', { name: 'Tags' });
  await tags.fill('Promoção relâmpago');
  await tags.press('Enter');
  await expect(dialog.getByText('Promoção relâmpago')).toBeVisible();
  // Escape closes the tag suggestions, not the form.
  await tags.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Pergunta e resposta salva com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Found by a word of the tag, without accents.
  await search.fill('relampago');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(title)).toBeVisible();
  await expect(table.getByText('Promoção relâmpago')).toBeVisible();
  await search.fill('');
  await expect(table.getByText('Frete grátis', { exact: true })).toBeVisible();
  await expect(page.getByText('Pergunta e resposta salva com sucesso!')).toBeHidden();
  await page.screenshot({ path: 'docs/screenshots/knowledgebase.png' });

  // Removing asks first.
  await search.fill(title);
  await expect(page.getByText('1 resposta', { exact: true })).toBeVisible();
  await table.getByRole('button', { name: `Excluir ${title}` }).click();
  await page
    .getByRole('dialog', { name: 'Excluir pergunta e resposta' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(page.getByText('Pergunta e resposta removida com sucesso!')).toBeVisible();
  await expect(page.getByText('Nenhuma pergunta e resposta encontrada.')).toBeVisible();
});

test('operadora vê as respostas sem poder alterar', async ({ page }) => {
  await login(page, DEMO.bruno);
  await mainMenu(page).filter({ hasText: 'Perguntas e respostas' }).click();
  const table = page.getByRole('table', { name: 'Perguntas e respostas' });
  await expect(table.getByText('Horário de atendimento')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova resposta' })).toHaveCount(0);
  await expect(table.getByRole('button', { name: /^Editar / })).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Copiar Horário de atendimento' })).toBeVisible();
});
