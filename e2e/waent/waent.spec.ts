import { type Browser, expect, type Page, test } from '@playwright/test';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../apps/server/test/peers/whatsapp-cloud-peer';
import { sql } from '../support/database';
import { DEMO, DEMO_PASSWORD, login } from '../support/demo';

const APP_SECRET = `segredo-${Date.now()}`;
let peer: WhatsAppPeer;

test.beforeAll(async () => {
  peer = await startWhatsAppPeer();
});
test.afterAll(async () => {
  await peer?.stop();
});

const chatModal = (page: Page) => page.getByTestId('chat-modal');
const messages = (page: Page) => chatModal(page).getByRole('log', { name: 'Mensagens' });

let created: { id: number; webhook_url: string } | null = null;

/** The channel (once per run), created through the API by the manager, with the peer as its Graph API. */
async function ensureChannel(browser: Browser, baseURL: string) {
  if (!created) created = await createChannel(await (await browser.newContext()).newPage(), baseURL);
  return created;
}

async function createChannel(page: Page, baseURL: string) {
  const request = page.context().request;
  const loginRes = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: DEMO.manager, password: DEMO_PASSWORD },
  });
  expect(loginRes.ok()).toBe(true);
  const sectors = (await (await request.get(`${baseURL}/api/sectors`)).json()) as {
    id: number;
    name: string;
  }[];
  const comercial = sectors.find((s) => s.name === 'Comercial');
  const res = await request.post(`${baseURL}/api/channels/waent`, {
    data: {
      name: 'WhatsApp Loja',
      default_sector_id: comercial?.id,
      broker: 'meta',
      phone_number: '+55 11 4000-1234',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: APP_SECRET,
      verify_token: 'verifica-e2e',
      api_base_url: peer.url,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: number; webhook_url: string };
}

test('mensagem do WhatsApp chega em tempo real, a resposta chega ao número e os ticks vão de Enviada a Lida', async ({
  browser,
  baseURL,
}) => {
  const channel = await ensureChannel(browser, baseURL ?? '');
  const hook = `${baseURL}/api/webhooks/waent/${channel.id}`;

  const ana = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await login(ana, DEMO.ana);

  const wa = `55119${String(Date.now()).slice(-8)}`;
  const name = `Cliente WhatsApp ${Date.now().toString(36)}`;
  const inbound = await peer.deliver(
    hook,
    peer.messagesPayload({ waId: wa, name }, [peer.text(wa, 'Olá! Meu pedido ainda não chegou.')]),
    { appSecret: APP_SECRET },
  );
  expect(inbound.status).toBe(200);

  // Through the socket: the page is not reloaded.
  const card = ana.getByRole('button', { name: `Abrir conversa com ${name}` });
  await expect(card).toBeVisible();
  await card.click();
  await expect(messages(ana).getByText('Olá! Meu pedido ainda não chegou.')).toBeVisible();

  const sentBefore = peer.sent.length;
  const composer = chatModal(ana).getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('Vou verificar agora mesmo.');
  await composer.press('Enter');
  const bubble = messages(ana).getByTestId('message').filter({ hasText: 'Vou verificar agora mesmo.' });
  await expect(bubble.getByRole('img', { name: 'Enviada' })).toBeVisible();
  await expect.poll(() => peer.sent.length).toBe(sentBefore + 1);
  const out = peer.sent.at(-1);
  expect(out?.to).toBe(wa);
  expect(out?.body).toMatchObject({ type: 'text', text: { body: 'Vou verificar agora mesmo.' } });
  const wamid = out?.wamid ?? '';

  for (const [status, label] of [
    ['sent', 'Enviada'],
    ['delivered', 'Entregue'],
    ['read', 'Lida'],
  ] as const) {
    const r = await peer.deliver(hook, peer.statusPayload([{ wamid, status, to: wa }]), {
      appSecret: APP_SECRET,
    });
    expect(r.status).toBe(200);
    await expect(bubble.getByRole('img', { name: label })).toBeVisible();
  }
  await bubble.scrollIntoViewIfNeeded();
  await ana.screenshot({ path: 'docs/screenshots/chat-waent-ticks.png' });
  // Nothing was sent twice.
  expect(peer.sent.filter((s) => s.wamid === wamid)).toHaveLength(1);
  expect(peer.sent.length).toBe(sentBefore + 1);
});

test('gestor vê o canal, o webhook para configurar e copia o link', async ({ browser, baseURL }) => {
  await ensureChannel(browser, baseURL ?? '');
  const page = await (
    await browser.newContext({
      viewport: { width: 1440, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    })
  ).newPage();
  await login(page, DEMO.manager);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'WhatsApp Enterprise' })
    .click();
  await expect(page).toHaveURL(/\/channels\/waent$/);
  const row = page.getByRole('row').filter({ hasText: 'WhatsApp Loja' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Comercial');
  await expect(row).toContainText(/\/api\/webhooks\/waent\/\d+/);
  await page.screenshot({ path: 'docs/screenshots/waent-channels.png' });
  await row.getByRole('button', { name: 'Copiar webhook de WhatsApp Loja' }).click();
  await expect(page.getByText('Link copiado com sucesso!')).toBeVisible();

  // Missing required fields: the spec's text.
  await page.getByRole('button', { name: 'Novo canal' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Novo canal WhatsApp Enterprise' });
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal.getByText('Os campos "Nome", "Setor", "Broker" são obrigatórios!')).toBeVisible();
  // Editing shows secrets only masked and keeps them when left blank.
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await row.getByRole('button', { name: 'Editar WhatsApp Loja' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar canal — WhatsApp Loja' });
  await expect(edit.getByLabel('Token de acesso')).toHaveValue('');
  await expect(edit.getByLabel('Token de acesso')).toHaveAttribute(
    'placeholder',
    `••••${peer.accessToken.slice(-4)}`,
  );
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Canal salvo com sucesso!')).toBeVisible();
});

test('fora da janela de 24 horas o chat avisa e o envio livre é recusado', async ({ browser, baseURL }) => {
  const channel = await ensureChannel(browser, baseURL ?? '');
  const hook = `${baseURL}/api/webhooks/waent/${channel?.id}`;
  const wa = `55219${String(Date.now()).slice(-8)}`;
  const name = `Cliente Antigo ${Date.now().toString(36)}`;
  const r = await peer.deliver(
    hook,
    peer.messagesPayload({ waId: wa, name }, [peer.text(wa, 'Oi, tudo bem?')]),
    {
      appSecret: APP_SECRET,
    },
  );
  expect(r.status).toBe(200);
  await expect
    .poll(async () => (await sql('select 1 from attendances where name = $1', [name])).length)
    .toBe(1);
  // The contact's last message was 25 hours ago.
  await sql(
    "update attendances set latest_contact_chat_message_at = now() - interval '25 hours' where name = $1",
    [name],
  );
  const ana = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await login(ana, DEMO.ana);
  await ana.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  await expect(chatModal(ana).getByText('Janela de 24 horas fechada')).toBeVisible();
  const sentBefore = peer.sent.length;
  const composer = chatModal(ana).getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('Ainda precisa de ajuda?');
  await composer.press('Enter');
  await expect(
    ana.getByText('A janela de 24 horas para este contato está fechada. Envie um modelo (HSM).'),
  ).toBeVisible();
  await ana.screenshot({ path: 'docs/screenshots/chat-waent-window.png' });
  expect(peer.sent.length).toBe(sentBefore);
  // The banner offers the template picker.
  await chatModal(ana).getByRole('button', { name: 'Enviar modelo' }).click();
  const picker = ana.getByRole('dialog', { name: 'Enviar modelo (HSM)' });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Enviar modelo' })).toBeVisible();
  await ana.screenshot({ path: 'docs/screenshots/chat-waent-hsm-picker.png' });
});
