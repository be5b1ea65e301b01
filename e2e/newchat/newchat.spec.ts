import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login, mainMenu } from '../support/demo';

// A manager publishes a NewChat through the wizard; a visitor opens its page, accepts the terms, waits in the
// queue (2nd, then 1st as the card ahead is taken) and talks with the operator, each seeing the other typing.
const SHOTS = process.env.E2E_SHOTS_DIR;

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('o gestor publica um NewChat e o visitante conversa vendo a fila e o "digitando…"', async ({
  browser,
  baseURL,
  page,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const channelName = `Loja ${stamp}`;
  const visitorName = `Paula ${stamp}`;

  // The wizard: configure → personalize → queue message → terms of use → publish, with the step in the URL.
  await login(page, DEMO.manager);
  // The edit route of another channel type (Telegram, type 1) goes back to the list.
  await page.goto('/channels/newchat-edit?id=1&typeId=1&step=1');
  await expect(page.getByText('Tipo de canal errado')).toBeVisible();
  await expect(page).toHaveURL(/\/channels\/newchat$/);
  await mainMenu(page).filter({ hasText: 'NewChat' }).click();
  await page.getByRole('button', { name: 'Novo NewChat' }).first().click();
  await expect(page).toHaveURL(/\/channels\/newchat-edit\?typeId=2&step=1$/);
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Campo Nome do Canal é obrigatório!')).toBeVisible();
  await expect(page.getByText('Há campos inválidos')).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome do Canal' }).fill(channelName);
  await pick(page, 'Setor', 'Financeiro');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page).toHaveURL(/step=2/);

  await page.getByRole('textbox', { name: 'Título' }).fill(`Atendimento ${channelName}`);
  await page.getByRole('textbox', { name: 'Descrição' }).fill('Tire suas dúvidas com a nossa equipe.');
  await page.getByRole('textbox', { name: 'Texto do rodapé' }).fill('Loja Exemplo');
  await expect(page.getByTestId('newchat-preview')).toContainText(`Atendimento ${channelName}`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/newchat-wizard-personalize.png`, fullPage: true });
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page).toHaveURL(/step=3/);

  await page
    .getByRole('switch', { name: 'Mostrar ao cliente a posição dele na fila' })
    .check({ force: true });
  await page.getByRole('textbox', { name: 'Mensagem de fila' }).fill('Aguarde');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('A mensagem da fila deve conter {{fila}}.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Mensagem de fila' }).fill('Você é o {{fila}}º da fila.');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page).toHaveURL(/step=4/);

  await page.getByRole('switch', { name: 'Exigir aceite dos termos de uso' }).check({ force: true });
  await page
    .getByRole('textbox', { name: 'Texto dos termos de uso' })
    .fill('Seus dados ficam só com a loja.');
  await page.getByRole('button', { name: 'Salvar e publicar' }).click();
  await expect(page).toHaveURL(/step=5/);
  const link = (await page.getByLabel('Link público').textContent()) ?? '';
  expect(link).toMatch(/\/newchat\/[A-Za-z0-9_-]+$/);
  await expect(page.getByLabel('Código de instalação')).toContainText(`${link}.js`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/newchat-wizard-publish.png`, fullPage: true });
  const code = link.split('/').pop() ?? '';

  // A first visitor is already waiting in the sector's queue (through the same public API).
  const api = await apiAs(baseURL ?? '', DEMO.bruno);
  const first = await api.post(`/api/newchat/${code}/visitors`, {
    data: { form: { name: `Primeiro ${stamp}`, phone: '11 91111-2222' }, accepted_terms: true },
  });
  const firstToken = ((await first.json()) as { token: string }).token;
  const firstSent = await api.post('/api/webchat/visitor/messages', {
    headers: { 'x-visitor-token': firstToken },
    data: { text: 'Cheguei primeiro', client_id: `e2e${stamp}first` },
  });
  expect(firstSent.ok()).toBe(true);

  // The visitor: the page, the terms, the form, the queue.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: `Atendimento ${channelName}` })).toBeVisible();
  await expect(visitor.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    `/newchat/${code}/manifest.webmanifest`,
  );
  await visitor.getByRole('textbox', { name: 'Nome', exact: true }).fill(visitorName);
  await visitor.getByRole('textbox', { name: 'Telefone', exact: true }).fill('11987654321');
  await visitor.getByRole('button', { name: 'Iniciar conversa' }).click();
  await expect(visitor.getByRole('alert')).toHaveText('Aceite os termos de uso para continuar.');
  await expect(visitor.getByText('Seus dados ficam só com a loja.')).toBeVisible();
  await visitor.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }).check();
  await visitor.getByRole('button', { name: 'Iniciar conversa' }).click();
  const box = visitor.getByRole('textbox', { name: 'Mensagem' });
  await box.fill('Quero saber do meu boleto');
  await box.press('Enter');
  await expect(visitor.getByText('Você é o 2º da fila.')).toBeVisible();
  if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/newchat-page-queue.png`, fullPage: true });

  // Bruno takes the first card: the visitor moves up without reloading.
  const cards = (await (await api.get('/api/attendances')).json()) as {
    items: { id: number; name: string }[];
  };
  const firstCard = cards.items.find((c) => c.name === `Primeiro ${stamp}`);
  expect(firstCard).toBeDefined();
  const taken = await api.post(`/api/attendances/${firstCard?.id}/messages`, { data: { message: 'Olá!' } });
  expect(taken.ok()).toBe(true);
  await expect(visitor.getByText('Você é o 1º da fila.')).toBeVisible();

  // Bruno opens the visitor's card: each sees the other typing, then they talk.
  const bruno = await (await browser.newContext()).newPage();
  await login(bruno, DEMO.bruno);
  await bruno.getByRole('button', { name: `Abrir conversa com ${visitorName}` }).click();
  const composer = bruno.getByTestId('chat-modal').getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('Vou verificar');
  await expect(visitor.getByText('digitando…')).toBeVisible();
  await box.fill('Obrigada');
  await expect(bruno.getByText(`${visitorName} está digitando…`)).toBeVisible();
  await composer.fill('Seu boleto vence amanhã.');
  await composer.press('Enter');
  await expect(visitor.getByText('Seu boleto vence amanhã.')).toBeVisible();
  await expect(visitor.getByText(/º da fila/)).toBeHidden();
  await box.press('Enter');
  await expect(bruno.getByTestId('chat-modal').getByText('Obrigada')).toBeVisible();
  if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/newchat-page-chat.png`, fullPage: true });
});

// The multichannel hotsite opens a web chat's panel with an event (apps/widget/src/widget.ts).
test('uma página abre o painel de um web chat com o evento prosa-webchat:open', async ({ page }) => {
  await page.goto('/demo/webchat');
  await expect(page.getByRole('button', { name: 'Abrir conversa' })).toBeVisible();
  const open = (code: string) =>
    page.evaluate(
      (c) => window.dispatchEvent(new CustomEvent('prosa-webchat:open', { detail: { code: c } })),
      code,
    );
  await open('outro-codigo');
  await expect(page.getByRole('dialog')).toBeHidden();
  await open('demo-empresa');
  await expect(page.getByRole('dialog')).toBeVisible();
});
