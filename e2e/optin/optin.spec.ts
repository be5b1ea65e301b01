import { expect, type Page, test } from '@playwright/test';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../apps/server/test/peers/whatsapp-cloud-peer';
import { DEMO, DEMO_PASSWORD, login, mainMenu } from '../support/demo';

// Opt-in: a contact who writes to a WhatsApp Enterprise number becomes its subscriber; SAIR takes it out at once
// (with a confirmation to the contact); the manager finds it, and activates or deactivates it with a confirmation.

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const APP_SECRET = `segredo-optin-${Date.now()}`;
const STAMP = Date.now().toString(36);
const CHANNEL = `WhatsApp Opt-in ${STAMP}`;
const WA = `55219${String(Date.now()).slice(-8)}`;
const NAME = `Cliente Opt-in ${STAMP}`;

let peer: WhatsAppPeer;
let hook = '';

test.beforeAll(async ({ browser, baseURL }) => {
  peer = await startWhatsAppPeer();
  const context = await browser.newContext();
  const request = context.request;
  const loginRes = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: DEMO.manager, password: DEMO_PASSWORD },
  });
  expect(loginRes.ok()).toBe(true);
  const sectors = (await (await request.get(`${baseURL}/api/sectors`)).json()) as {
    id: number;
    name: string;
  }[];
  const res = await request.post(`${baseURL}/api/channels/waent`, {
    data: {
      name: CHANNEL,
      default_sector_id: sectors.find((s) => s.name === 'Comercial')?.id,
      broker: 'meta',
      phone_number: '+55 11 4000-9999',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: APP_SECRET,
      verify_token: 'verifica-optin',
      api_base_url: peer.url,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  hook = `${baseURL}/api/webhooks/waent/${((await res.json()) as { id: number }).id}`;
  await context.close();
});
test.afterAll(async () => {
  await peer?.stop();
});

async function contactSays(text: string) {
  const r = await peer.deliver(hook, peer.messagesPayload({ waId: WA, name: NAME }, [peer.text(WA, text)]), {
    appSecret: APP_SECRET,
  });
  expect(r.status).toBe(200);
}

test('quem escreve vira inscrito, SAIR o desativa na hora e o gestor o reativa', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await contactSays('Olá, quero saber das promoções');

  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'Opt-in' }).click();
  await expect(page).toHaveURL(/\/optin$/);
  const filters = page.getByRole('form', { name: 'Filtros de inscritos' });
  await filters.getByRole('combobox', { name: 'Canal', exact: true }).click();
  await page.getByRole('option', { name: CHANNEL }).click();
  const table = page.getByRole('table', { name: 'Inscritos' });
  const row = table.getByRole('row', { name: new RegExp(NAME) });
  await expect(async () => {
    await filters.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(row).toContainText('Ativo', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('Mensagem do contato');
  await shot(page, 'optin-list');

  // SAIR: inactive at once, and the contact is told so.
  await contactSays('Sair');
  await expect(async () => {
    await filters.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(row).toContainText('Inativo', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('Pediu para sair');
  await expect
    .poll(() =>
      peer.sent.filter((s) => s.to === WA).map((s) => (s.body.text as { body?: string } | undefined)?.body),
    )
    .toContain('Pronto! Você não receberá mais nossas campanhas. Para voltar a recebê-las, responda VOLTAR.');

  // The manager brings it back, after a confirmation.
  await filters.getByRole('textbox', { name: 'Número ou nome' }).fill(NAME);
  await filters.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Inativo' }).click();
  await filters.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: /^Ativar / }).click();
  const dialog = page.getByRole('dialog', { name: 'Ativar inscrição' });
  await expect(dialog).toContainText('Voltará a receber');
  await shot(page, 'optin-confirm');
  await dialog.getByRole('button', { name: 'Ativar' }).click();
  await expect(page.getByText('Inscrição ativada com sucesso.')).toBeVisible();
  // Filtered by "Inativo", the list no longer has it.
  await expect(page.getByText('Nenhum inscrito corresponde aos filtros.')).toBeVisible();
  await filters.getByRole('button', { name: 'Limpar' }).click();
  await expect(row).toContainText('Ativo');
  await expect(row).toContainText('Alteração manual');
  await expect(row).toContainText('por Gustavo');
  await shot(page, 'optin-reactivated');
});
