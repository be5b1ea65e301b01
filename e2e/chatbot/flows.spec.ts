import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';
import { visitorWrites } from '../support/distribution';
import { deleteAllFlows, setChatbotFlags } from './chatbot-support';

// A manager draws a flow in the editor (start → menu with two options → message → transfer), links the demo web
// chat and saves; a visitor of the demo site gets the menu, answers, and is handed to the people of the sector.

const node = (page: Page, id: string) => page.getByTestId(`flow-node-${id}`);

/** Drags from a node's out-handle to another node's in-handle, as a person connects two nodes. */
async function link(page: Page, from: string, handle: string, to: string) {
  const source = node(page, from).locator(`.react-flow__handle.source[data-handleid="${handle}"]`);
  const target = node(page, to).locator('.react-flow__handle.target');
  const a = await source.boundingBox();
  const b = await target.boundingBox();
  if (!a || !b) throw new Error(`ligação ${from}.${handle} → ${to} fora da tela`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

test.afterAll(async ({ baseURL }) => {
  await deleteAllFlows(baseURL ?? '');
  await setChatbotFlags(baseURL ?? '', { chatbots: false });
});

test('o gestor desenha um fluxo com menu, vincula o web chat e o visitante é atendido pelo BOT e passado às pessoas', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await setChatbotFlags(baseURL ?? '', { chatbots: false });
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, DEMO.manager);

  // Without chatbots the screen says the account is not authorised and where to turn them on.
  await page.goto('/chatbot-flows');
  await expect(page.getByText('Sua conta não está autorizada a usar chatbots.')).toBeVisible();
  await page.getByRole('link', { name: 'Abrir configurações' }).click();
  await page.getByRole('switch', { name: 'Permitir chatbots' }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configuração alterada com sucesso!').first()).toBeVisible();

  await page.goto('/chatbot-flows');
  await expect(page.getByText('Nenhum fluxo encontrado.')).toBeVisible();
  await page.getByRole('button', { name: 'Novo fluxo' }).first().click();
  await expect(page).toHaveURL(/\/chatbot-flows\/new$/);
  await page.getByRole('textbox', { name: 'Nome' }).fill('Boas-vindas do site');

  const palette = page.getByRole('toolbar', { name: 'Adicionar nó' });
  await palette.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('textbox', { name: 'Texto do menu' }).fill('Olá! Sobre o que você quer falar?');
  await page.getByRole('textbox', { name: 'Opção 1' }).fill('Vendas');
  await page.getByRole('textbox', { name: 'Opção 2' }).fill('Suporte');
  await palette.getByRole('button', { name: 'Mensagem' }).click();
  await page.getByRole('textbox', { name: 'Mensagem' }).fill('Ótimo! Um vendedor vai falar com você.');
  await palette.getByRole('button', { name: 'Transferir' }).click();
  await page.getByRole('combobox', { name: 'Setor' }).click();
  await page.getByRole('option', { name: 'Suporte', exact: true }).click();
  await expect(node(page, 'transfer-1')).toContainText('Para a fila do setor Suporte');
  // The menu node shows each option as its own exit.
  await expect(node(page, 'menu-1')).toContainText('1. Vendas');
  await expect(node(page, 'menu-1')).toContainText('2. Suporte');

  // Saving before connecting lists what is missing and marks the nodes; nothing is sent.
  await page.getByRole('button', { name: 'Fechar painel do nó' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O fluxo tem erros: corrija-os antes de ativá-lo.').first()).toBeVisible();
  const errors = page.getByRole('alert', { name: /erro\(s\)/ });
  await expect(errors).toContainText('Início (start): a saída "Próximo" não está ligada a nenhum nó.');
  await expect(errors).toContainText('Menu (menu-1): a opção "Vendas" não está ligada a nenhum nó.');
  await expect(node(page, 'menu-1').getByLabel(/erro\(s\) neste nó/)).toBeVisible();
  // Leaving with an unsaved drawing asks first.
  await page.getByRole('button', { name: 'Voltar' }).click();
  const leave = page.getByRole('dialog', { name: 'Alterações não salvas' });
  await expect(leave).toContainText('Deseja sair mesmo assim?');
  await leave.getByRole('button', { name: 'Cancelar' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/chatbot-flows\/new$/);

  const edges = page.locator('.react-flow__edge');
  await link(page, 'start', 'next', 'menu-1');
  await expect(edges).toHaveCount(1);
  await link(page, 'menu-1', 'opt1', 'message-1');
  await expect(edges).toHaveCount(2);
  await link(page, 'menu-1', 'opt2', 'transfer-1');
  await expect(edges).toHaveCount(3);
  await link(page, 'message-1', 'next', 'transfer-1');
  await expect(edges).toHaveCount(4);
  await expect(page.getByText('Nenhum problema encontrado.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Canais vinculados' }).click();
  await page.getByRole('option', { name: 'Site da Empresa Demo' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Fluxo criado com sucesso!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/chatbot-flows\/\d+$/);
  await expect(page.getByText('Alterações não salvas')).toBeHidden();

  await page.getByRole('button', { name: 'Voltar' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Boas-vindas do site' });
  await expect(row).toContainText('Site da Empresa Demo');
  await expect(row.getByRole('switch', { name: 'Ativo Boas-vindas do site' })).toBeChecked();

  // The visitor writes: the bot answers with the menu, then the chosen option's message, then hands over.
  const stamp = Date.now().toString(36);
  const name = `Renata ${stamp}`;
  const visitor = await visitorWrites(browser, name, 'Oi, boa tarde');
  const log = visitor.getByRole('log', { name: 'Conversa' });
  await expect(log.getByText('Olá! Sobre o que você quer falar?')).toBeVisible();
  await expect(log.getByText('1 - Vendas')).toBeVisible();
  const box = visitor.getByRole('textbox', { name: 'Mensagem' });
  await box.fill('1');
  await box.press('Enter');
  await expect(log.getByText('Ótimo! Um vendedor vai falar com você.')).toBeVisible();

  // Ana (Comercial and Suporte) sees the attendance, with the whole conversation, no longer automatic.
  const ana = await (await browser.newContext()).newPage();
  await login(ana, DEMO.ana);
  await ana.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  const chat = ana.getByTestId('chat-modal');
  await expect(chat.getByText('Ótimo! Um vendedor vai falar com você.')).toBeVisible();
  await expect(chat.getByText('Oi, boa tarde')).toBeVisible();
  // Bot messages are signed "Automático"; the attendance itself left the bot (auto off) into Suporte's queue.
  const anaApi = await apiAs(baseURL ?? '', DEMO.ana);
  const list = (await (await anaApi.get('/api/attendances?kind=web')).json()) as {
    items: { name: string; auto: boolean; sector_id: number }[];
  };
  const card = list.items.find((c) => c.name === name);
  expect(card?.auto).toBe(false);
  const sectors = (await (await anaApi.get('/api/sectors')).json()) as { id: number; name: string }[];
  expect(sectors.find((s) => s.id === card?.sector_id)?.name).toBe('Suporte');
  await anaApi.dispose();

  // Back in the list, the manager turns the flow off, then deletes it after confirming.
  const active = row.getByRole('switch', { name: 'Ativo Boas-vindas do site' });
  // The switch follows the server's answer (the whole flow is saved back with the new flag).
  await active.click();
  await expect(page.getByText('Fluxo salvo com sucesso!').first()).toBeVisible();
  await expect(active).not.toBeChecked();
  await row.getByRole('button', { name: 'Excluir Boas-vindas do site' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir fluxo' });
  await expect(confirm).toContainText('Os canais vinculados deixam de ser atendidos por ele.');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Fluxo removido com sucesso!').first()).toBeVisible();
  await expect(page.getByText('Nenhum fluxo encontrado.')).toBeVisible();
});
