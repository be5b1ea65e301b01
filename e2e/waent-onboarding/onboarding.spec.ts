import { expect, type Page, test } from '@playwright/test';
import { type GraphApiPeer, startGraphApiPeer } from '../../apps/server/test/peers/graph-api/peer';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../apps/server/test/peers/whatsapp-cloud-peer';
import { GRAPH_PORT, META_APP } from '../facebook/graph-relay';
import { DEMO, DEMO_PASSWORD, login, mainMenu } from '../support/demo';

// A WhatsApp Enterprise number linked by code (the Cloud API peer issues 123456), and an old number migrated with
// the embedded signup through the fake Facebook dialog (the Graph peer at the e2e server's FACEBOOK_GRAPH_URL).
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1366, height: 860 } });

const WABA = { id: '300000000000901', numberId: '109000000000901' };
let wa: WhatsAppPeer;
let graph: GraphApiPeer;
const suffix = Date.now().toString(36);

test.beforeAll(async () => {
  wa = await startWhatsAppPeer();
  graph = await startGraphApiPeer({
    appId: META_APP.id,
    appSecret: META_APP.secret,
    port: GRAPH_PORT,
    wabas: [
      {
        id: WABA.id,
        numbers: [{ id: WABA.numberId, display_phone_number: '+55 11 97777-3030', verified_name: 'Loja' }],
      },
    ],
  });
});
test.afterAll(async () => {
  await wa?.stop();
  await graph?.stop();
});

/** A channel created through the API by the manager, with the Cloud API peer as its Graph API. */
async function createChannel(page: Page, baseURL: string, name: string, phone: string, peer: WhatsAppPeer) {
  const request = page.context().request;
  expect(
    (
      await request.post(`${baseURL}/api/auth/login`, {
        data: { email: DEMO.manager, password: DEMO_PASSWORD },
      })
    ).ok(),
  ).toBe(true);
  const sectors = (await (await request.get(`${baseURL}/api/sectors`)).json()) as { id: number }[];
  const res = await request.post(`${baseURL}/api/channels/waent`, {
    data: {
      name,
      default_sector_id: sectors[0]?.id,
      broker: 'meta',
      phone_number: phone,
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: 'segredo-e2e',
      verify_token: 'verifica-e2e',
      api_base_url: peer.url,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const channelRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Canais WhatsApp Enterprise' }).getByRole('row').filter({ hasText: name });

test('a number onboarded by code', async ({ browser, baseURL }) => {
  const name = `Loja Centro ${suffix}`;
  const setup = await (await browser.newContext()).newPage();
  await createChannel(setup, baseURL ?? '', name, '+55 11 4000-5050', wa);

  const page = await (await browser.newContext()).newPage();
  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'WhatsApp Enterprise' }).click();
  await channelRow(page, name)
    .getByRole('button', { name: `Vincular número de ${name}` })
    .click();
  const modal = page.getByRole('dialog', { name: `Vincular número — ${name}` });
  await expect(modal.getByText('Não vinculado')).toBeVisible();
  await modal.getByText('SMS', { exact: true }).click();
  await modal.getByRole('button', { name: 'Solicitar código' }).click();
  await expect(page.getByText('Código solicitado com sucesso!')).toBeVisible();
  expect(wa.codeRequests).toEqual([{ code_method: 'SMS', language: 'pt_BR' }]);

  // Confirm without the code: the spec's text, and nothing reaches Meta.
  await modal.getByRole('button', { name: 'Confirmar' }).click();
  await expect(modal.getByText('Favor informar o código.')).toBeVisible();
  // A wrong code: Meta's message.
  await modal.getByRole('textbox', { name: 'Código recebido' }).fill('111111');
  await modal.getByRole('textbox', { name: 'PIN de confirmação em duas etapas' }).fill('246810');
  await modal.getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    modal.getByText('O código informado está incorreto. Verifique e tente novamente.'),
  ).toBeVisible();
  // The code the number received.
  await modal.getByRole('textbox', { name: 'Código recebido' }).fill(wa.verificationCode);
  await modal.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Número vinculado com sucesso!')).toBeVisible();
  await expect(modal.getByText('Número vinculado', { exact: true })).toBeVisible();
  await expect(modal.getByText('está vinculado e pronto para atender')).toBeVisible();
  expect(wa.registrations).toEqual([{ messaging_product: 'whatsapp', pin: '246810' }]);

  // Reopened later, the channel is still linked (the state is the server's).
  await page.reload();
  await channelRow(page, name)
    .getByRole('button', { name: `Vincular número de ${name}` })
    .click();
  await expect(
    page
      .getByRole('dialog', { name: `Vincular número — ${name}` })
      .getByText('Número vinculado', { exact: true }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // The Numbers screen lists it.
  await mainMenu(page)
    .filter({ hasText: /^Números$/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Números' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Números' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('+55 11 4000-5050');
  await expect(row).toContainText('WhatsApp Enterprise');
});

test('an old number migrated with the embedded signup', async ({ browser, baseURL }) => {
  const name = `Número antigo ${suffix}`;
  const peer = await startWhatsAppPeer();
  try {
    const setup = await (await browser.newContext()).newPage();
    await createChannel(setup, baseURL ?? '', name, '(11) 97777-3030', peer);
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const page = await context.newPage();
    await login(page, DEMO.manager);
    await mainMenu(page).filter({ hasText: 'WhatsApp Enterprise' }).click();
    await channelRow(page, name)
      .getByRole('button', { name: `Gerar link de migração de ${name}` })
      .click();
    await expect(page.getByText('Link copiado com sucesso!')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/channels\/waent\/migration\?params=/);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Migração do WhatsApp Business' })).toBeVisible();
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText('Não migrado')).toBeVisible();
    // Cancelled at Facebook: the spec's text, and the number stays as it was.
    await page.getByRole('button', { name: 'Entrar com o Facebook' }).click();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByText('Login cancelado ou não autorizado.')).toBeVisible();
    await expect(page.getByText('Não migrado')).toBeVisible();
    await page.getByRole('button', { name: 'Entrar com o Facebook' }).click();
    await expect(page.getByRole('heading', { name: 'Entrar com o Facebook' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar como Maria' }).click();
    await expect(page.getByText('Migração concluída com sucesso!').first()).toBeVisible();
    await expect(page.getByText('Migrado', { exact: true })).toBeVisible();
    await expect(page.getByText('Vinculado ao Facebook')).toBeVisible();
    await expect(page).toHaveURL(/\/channels\/waent\/migration\?params=[^&]+$/);
    await expect(page.getByText(`Número +55 11 97777-3030 · ID ${WABA.numberId}`)).toBeVisible();
  } finally {
    await peer.stop();
  }
});
