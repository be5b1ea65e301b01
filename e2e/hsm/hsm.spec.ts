import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { sql } from '../support/database';
import { DEMO, login } from '../support/demo';

const SUFFIX = Date.now().toString(36);
const TEMPLATE = `Retorno ${SUFFIX}`;

// A minimal WhatsApp Cloud API on loopback (the messages endpoint answering wamids). The shared peer of
// apps/server/test/peers does not type-check under the e2e tsconfig (DOM lib), so the spec keeps its own.
type Sent = { to: string; type: string; body: Record<string, unknown> };
const peer = {
  phoneNumberId: `10${Date.now()}`,
  wabaId: `20${Date.now()}`,
  accessToken: `EAAG${SUFFIX}`,
  url: '',
  sent: [] as Sent[],
  server: null as Server | null,
};

test.beforeAll(async () => {
  peer.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://peer').pathname.replace(/^\/v\d+\.\d+/, '');
      if (req.method === 'POST' && path === `/${peer.phoneNumberId}/messages`) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        peer.sent.push({ to: String(body.to), type: String(body.type), body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.${Date.now()}` }] }));
        return;
      }
      if (req.method === 'GET' && path === `/${peer.wabaId}/message_templates`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            data: [
              {
                id: '9001',
                name: `lembrete_${SUFFIX}`,
                language: 'pt_BR',
                status: 'APPROVED',
                category: 'UTILITY',
                components: [{ type: 'BODY', text: 'Lembrete: sua consulta é amanhã às {{1}}.' }],
              },
            ],
          }),
        );
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 100, message: 'Unknown path components' } }));
    });
  });
  await new Promise<void>((resolve) => peer.server?.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}/v19.0`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => (peer.server ? peer.server.close(() => resolve()) : resolve()));
});

async function pick(page: Page, label: string, option: string | RegExp, scope = page.getByRole('dialog')) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test('o gestor cria um modelo com parâmetro e vê a pré-visualização', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, DEMO.manager);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Modelos HSM' })
    .click();
  await expect(page.getByRole('heading', { name: 'Modelos HSM', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Novo modelo' }).click();
  const form = page.getByRole('dialog', { name: 'Novo modelo (HSM)' });
  await form.getByRole('textbox', { name: 'Nome', exact: true }).fill(TEMPLATE);
  await form.getByLabel('Nome do elemento').fill(`retorno_${SUFFIX}`);
  await form.getByLabel('Usar cabeçalho').check({ force: true });
  await form.getByLabel('Mensagem do modelo').fill('Olá {{1}}, seu pedido {{2}} está pronto.');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('Selecione o tipo do cabeçalho.')).toBeVisible();
  await form.getByLabel('Usar cabeçalho').uncheck({ force: true });

  await form.getByLabel('Parâmetro {{1}}').fill('Maria');
  await expect(form.getByTestId('hsm-preview')).toHaveText('Olá Maria, seu pedido {{2}} está pronto.');
  await form.getByLabel('Parâmetro {{2}}').fill('A-77');
  await expect(form.getByTestId('hsm-preview')).toHaveText('Olá Maria, seu pedido A-77 está pronto.');
  await page.screenshot({ path: 'docs/screenshots/hsm.png' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('table', { name: 'Modelos HSM' }).getByText(TEMPLATE)).toBeVisible();

  // The operator may send actively from the panel: the manager grants it on the same page.
  const card = page
    .getByText('Envio de WhatsApp ativo pelo painel')
    .locator('xpath=ancestor::div[contains(@class,"Card")][1]');
  await card.getByLabel('Ana').check({ force: true });
  await card.getByRole('button', { name: 'Salvar permissões' }).click();
  await expect(page.getByText('Permissões salvas com sucesso!')).toBeVisible();
});

test('a operadora com permissão envia um WhatsApp ativo e o atendimento abre no chat', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await sql(
    `update companies set metadata = jsonb_set(metadata, '{allow,whatsapp-active}', 'true'::jsonb, true) where name = 'Empresa Demo'`,
  );
  // The channel is created through the API by the manager, pointing at the local Cloud API peer.
  await login(page, DEMO.manager);
  const [sector] = await sql<{ id: number }>(
    `select s.id from sectors s join companies c on c.id = s.company_id where c.name = 'Empresa Demo' and s.name = 'Comercial'`,
  );
  const created = await page.request.post('/api/channels/waent', {
    data: {
      name: `WhatsApp Vendas ${SUFFIX}`,
      default_sector_id: sector?.id,
      broker: 'meta',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: 'segredo-do-app',
      verify_token: 'verificacao',
      api_base_url: peer.url,
    },
  });
  expect(created.ok()).toBe(true);
  await page
    .getByRole('button', { name: /Sair|Gestor/ })
    .first()
    .isVisible();
  await page.context().clearCookies();

  await login(page, DEMO.ana);
  await page.getByRole('button', { name: 'WhatsApp ativo' }).click();
  const modal = page.getByRole('dialog', { name: 'WhatsApp ativo' });
  await pick(page, 'Canal', `WhatsApp Vendas ${SUFFIX}`, modal);
  await expect(modal.getByLabel('DDI')).toHaveValue('55');
  await modal.getByLabel('Telefone').fill('1234');
  await pick(page, 'Modelo (HSM)', new RegExp(TEMPLATE), modal);
  await modal.getByLabel('Parâmetro {{1}}').fill('Maria');
  await modal.getByLabel('Parâmetro {{2}}').fill('A-77');
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal.getByText("Contato informado no campo 'Telefone' é inválido.")).toBeVisible();
  await modal.getByLabel('Telefone').fill('(11) 98765-4321');
  await expect(modal.getByText("Contato informado no campo 'Telefone' é inválido.")).toBeHidden();
  await expect(modal.getByLabel('Telefone')).toHaveValue('11987654321');
  await expect(modal.getByTestId('hsm-picker-preview')).toHaveText('Olá Maria, seu pedido A-77 está pronto.');
  await expect(modal.getByTestId('active-total')).toContainText('Ativos enviados hoje:');
  await page.screenshot({ path: 'docs/screenshots/active-whatsapp.png' });
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal).toBeHidden();

  // The new attendance opens in the chat with the template message.
  const chat = page.getByRole('dialog').filter({ hasText: 'Olá Maria, seu pedido A-77 está pronto.' });
  await expect(chat).toBeVisible();
  await expect.poll(() => peer.sent.length).toBe(1);
  expect(peer.sent[0]?.to).toBe('5511987654321');
  expect(JSON.stringify(peer.sent[0]?.body.template)).toContain('"text":"A-77"');
});

test('o gestor sincroniza os modelos com a lista da Meta', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, DEMO.manager);
  await page.goto('/channels/hsm');
  await page.getByRole('button', { name: 'Sincronizar com a Meta' }).click();
  await page.getByRole('menuitem', { name: `WhatsApp Vendas ${SUFFIX}` }).click();
  await expect(page.getByText('Sincronização concluída: 1 novo(s), 0 atualizado(s).')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `lembrete_${SUFFIX}` });
  await expect(row.getByText('Aprovado')).toBeVisible();
  // Let the sync button's loading state settle before the picture.
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'docs/screenshots/hsm-list.png', fullPage: true });
});
