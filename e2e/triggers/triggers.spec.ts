import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login, mainMenu } from '../support/demo';

const DEMO_WEBCHAT = 'Site da Empresa Demo';
const WEBCHAT = `${DEMO_WEBCHAT} (Web chat)`;
const QUIT_RULE = 'A ação "Sair do atendimento" deve vir antes de "Enviar texto" e "Enviar imagem".';
const widgetLog = (page: Page) => page.getByRole('log', { name: 'Conversa' });

type Channel = { id: number; kind: string; name: string };
type Triggers = { text: { id: number; name: string }[]; others: { id: number; params: unknown }[] };

async function demoWebchat(api: APIRequestContext): Promise<Channel> {
  const channels = (await (await api.get('/api/channels')).json()) as Channel[];
  const found = channels.find((c) => c.kind === 'web' && c.name === DEMO_WEBCHAT);
  if (!found) throw new Error('web chat de demonstração não encontrado');
  return found;
}

// Later specs of the run use the demo web chat: leave it without the triggers this spec made (marked by stamp).
async function removeTriggers(api: APIRequestContext, channelId: number, stamp: string) {
  const data = (await (await api.get(`/api/channels/get-triggers/web/${channelId}`)).json()) as Triggers;
  const mine = [
    ...data.text.filter((t) => t.name.includes(stamp)),
    ...data.others.filter((t) => JSON.stringify(t.params).includes(stamp)),
  ];
  for (const t of mine) expect((await api.post(`/api/channels/delete-trigger/${t.id}`)).ok()).toBe(true);
}

test('o gestor cria, corrige e ordena gatilhos do web chat, define a primeira mensagem e o visitante recebe as respostas', async ({
  page,
  browser,
  baseURL,
}) => {
  // A manager and a visitor on a shared machine (2 cores for several runs): more time than a one-screen test.
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const keyword = `horario ${stamp}`;
  const reply = `Atendemos de segunda a sexta, das 8h às 18h (${stamp}).`;
  const welcome = `Olá! Bem-vindo ao atendimento ${stamp}.`;
  const existing = `Boleto ${stamp}`;

  // A trigger the channel already has, so there is an order to change.
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  const webchat = await demoWebchat(manager);
  const created = await manager.post('/api/triggers', {
    data: {
      triggerable_id: webchat.id,
      triggerable_type: 'web',
      name: existing,
      trigger_text: `boleto ${stamp}`,
      actions: [{ type: 'TEXT', params: { text: 'Enviamos o boleto por e-mail.' } }],
    },
  });
  expect(created.ok()).toBe(true);

  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'Gatilhos' }).click();
  await expect(page.getByRole('heading', { name: 'Gatilhos', level: 2 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Canal', exact: true }).click();
  await page.getByRole('option', { name: WEBCHAT }).click();
  // The URL keeps the channel (deep link, back button).
  await expect(page).toHaveURL(new RegExp(`/triggers\\?type=web&id=${webchat.id}$`));
  await expect(page.getByRole('region', { name: `Gatilho ${existing}` })).toBeVisible();

  // A new text trigger: the keyword, a text reply, then a QUIT_CHAT after the text breaks the order rule.
  await page.getByRole('button', { name: 'Novo gatilho' }).click();
  const saveOrder = page.getByRole('button', { name: 'Salvar ordem' });
  await expect(saveOrder).toBeDisabled();
  const card = page.getByRole('region', { name: /^Gatilho Novo gatilho$/ });
  await card.getByRole('textbox', { name: 'Nome' }).fill(`Horário ${stamp}`);
  const mine = page.getByRole('region', { name: `Gatilho Horário ${stamp}` });
  await expect(mine.getByText('Não salvo')).toBeVisible();
  await mine.getByRole('textbox', { name: 'Se o cliente digitar' }).fill(keyword);
  await mine.getByRole('textbox', { name: 'Texto da ação 1' }).fill(reply);
  await mine.getByRole('button', { name: 'Adicionar ação' }).click();
  await mine.getByRole('combobox', { name: 'Tipo da ação 2' }).click();
  await page.getByRole('option', { name: 'Sair do atendimento' }).click();
  await expect(mine.getByText(QUIT_RULE)).toBeVisible();
  await mine.getByRole('button', { name: 'Remover ação 2' }).click();
  await expect(mine.getByText(QUIT_RULE)).toBeHidden();
  await mine.getByRole('button', { name: 'Salvar gatilho' }).click();
  await expect(page.getByText('Gatilho salvo.')).toBeVisible();
  await expect(mine.getByText('Não salvo')).toBeHidden();

  // Up to the top, then "Salvar ordem".
  await expect(mine.getByRole('button', { name: `Editar Horário ${stamp}` })).toBeVisible();
  await page.getByRole('button', { name: `Mover Horário ${stamp} para cima` }).click();
  await expect(saveOrder).toBeEnabled();
  await saveOrder.click();
  await expect(page.getByText('Ordem salva.')).toBeVisible();
  await expect(saveOrder).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('region', { name: /^Gatilho / }).first()).toHaveAccessibleName(
    `Gatilho Horário ${stamp}`,
  );
  await page.screenshot({ path: test.info().outputPath('gatilhos-de-texto.png'), fullPage: true });

  // The first message of every new attendance.
  await page.getByRole('tab', { name: /Outros gatilhos/ }).click();
  const first = page.getByRole('region', { name: 'Gatilho Primeira mensagem' });
  await first.getByRole('switch', { name: 'Ativar Primeira mensagem' }).check();
  await first.getByRole('button', { name: 'Salvar Primeira mensagem' }).click();
  await expect(first.getByText('Informe a mensagem.')).toBeVisible();
  await first.getByRole('textbox', { name: 'Mensagem — Primeira mensagem' }).fill(welcome);
  await first.getByRole('button', { name: 'Salvar Primeira mensagem' }).click();
  await expect(page.getByText('Gatilho salvo.').first()).toBeVisible();
  await expect(first.getByText('Alterações não salvas')).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('outros-gatilhos.png'), fullPage: true });

  // A visitor of the site: greeted by the first message, answered by the keyword's trigger.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/demo/webchat');
  await visitor.getByRole('button', { name: /conversa/ }).click();
  await visitor.getByRole('textbox', { name: 'Nome', exact: true }).fill(`Visitante ${stamp}`);
  await visitor.getByRole('button', { name: 'Iniciar conversa' }).click();
  const box = visitor.getByRole('textbox', { name: 'Mensagem' });
  await box.fill('Bom dia');
  await box.press('Enter');
  await expect(widgetLog(visitor).getByText(welcome)).toBeVisible();
  await box.fill(keyword.toUpperCase());
  await box.press('Enter');
  await expect(widgetLog(visitor).getByText(reply)).toBeVisible();
  await removeTriggers(manager, webchat.id, stamp);
  await manager.dispose();
});

test('o gestor copia os gatilhos para outro canal, que passa a usar os gatilhos do primeiro', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const shop = `Loja ${stamp}`;
  const copied = `Segunda via ${stamp}`;
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  const webchat = await demoWebchat(manager);
  const sectors = (await (await manager.get('/api/sectors')).json()) as { id: number }[];
  const created = await manager.post('/api/webchats', { data: { name: shop, sector_id: sectors[0]?.id } });
  expect(created.ok()).toBe(true);
  const shopId = ((await created.json()) as { id: number }).id;
  const trigger = await manager.post('/api/triggers', {
    data: {
      triggerable_id: webchat.id,
      triggerable_type: 'web',
      name: copied,
      trigger_text: `segunda via ${stamp}`,
      actions: [{ type: 'TEXT', params: { text: 'Acesse a área do cliente.' } }],
    },
  });
  expect(trigger.ok()).toBe(true);

  // Straight to the demo web chat by its link.
  await login(page, DEMO.manager);
  await page.goto(`/triggers?type=web&id=${webchat.id}`);
  await expect(page.getByRole('region', { name: `Gatilho ${copied}` })).toBeVisible();

  // Leaving the channel with an unsaved trigger asks first.
  await page.getByRole('button', { name: 'Novo gatilho' }).click();
  await page.getByRole('combobox', { name: 'Canal', exact: true }).click();
  await page.getByRole('option', { name: `${shop} (Web chat)` }).click();
  const leave = page.getByRole('dialog', { name: 'Alterações não salvas' });
  await leave.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(new RegExp(`/triggers\\?type=web&id=${webchat.id}$`));
  await page
    .getByRole('region', { name: 'Gatilho Novo gatilho' })
    .getByRole('button', { name: 'Cancelar' })
    .click();

  await page.getByRole('button', { name: 'Copiar gatilhos' }).click();
  const modal = page.getByRole('dialog', { name: 'Copiar gatilhos' });
  await expect(modal.getByRole('combobox', { name: 'Canal de origem' })).toHaveValue(WEBCHAT);
  await modal.getByRole('button', { name: 'Copiar', exact: true }).click();
  await expect(modal.getByText('Selecione os canais de origem e destino.')).toBeVisible();
  await modal.getByRole('combobox', { name: 'Canal de destino' }).click();
  await page.getByRole('option', { name: `${shop} (Web chat)` }).click();
  await modal.getByRole('button', { name: 'Copiar', exact: true }).click();
  await expect(modal.getByText(/serão substituídos pelos gatilhos de/)).toBeVisible();
  await modal.getByRole('button', { name: 'Substituir gatilhos' }).click();
  await expect(page.getByText('Gatilhos copiados.')).toBeVisible();

  // The editor moves to the target, which now has the copy.
  await expect(page).toHaveURL(new RegExp(`/triggers\\?type=web&id=${shopId}$`));
  await expect(page.getByRole('region', { name: `Gatilho ${copied}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo gatilho' })).toBeVisible();

  // Using the demo web chat's triggers instead: read-only here, with a way back to the source.
  await page.getByRole('combobox', { name: 'Usar gatilhos de outro canal' }).click();
  await page.getByRole('option', { name: WEBCHAT }).click();
  await expect(page.getByText('Este canal usa os gatilhos de outro canal')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo gatilho' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: `Gatilho ${copied}` })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir canal de origem' }).click();
  await expect(page).toHaveURL(new RegExp(`/triggers\\?type=web&id=${webchat.id}$`));
  await expect(page.getByText(`Os gatilhos deste canal também são usados por: ${shop}.`)).toBeVisible();

  expect((await manager.delete(`/api/webchats/${shopId}`)).ok()).toBe(true);
  await removeTriggers(manager, webchat.id, stamp);
  await manager.dispose();
});
