import type { Server } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import type { WhatsAppWebPeer } from '../../apps/server/test/peers/whatsapp-web';
import { sql } from '../support/database';
import { DEMO, login } from '../support/demo';
import { loadWhatsAppWebPeer } from './load-peer';
import { relayTo } from './peer-proxy';

// One phone (the fake WhatsApp Web server) for the whole file; the tests follow one number through its life.
test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 15_000 });

let peer: WhatsAppWebPeer;
let relay: Server;

test.beforeAll(async () => {
  peer = await (await loadWhatsAppWebPeer()).startWhatsAppWebPeer();
  relay = await relayTo(peer.url);
});
test.afterAll(async () => {
  await new Promise((done) => relay?.close(done));
  await peer?.stop();
});

const NAME = 'Loja QR';
const CUSTOMER = '5511977776666';
// Pairing goes through Baileys' real handshake and a restart: give it room on a loaded machine.
const SESSION_WAIT = { timeout: 90_000 };

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const numberRow = (page: Page) =>
  page.getByRole('table', { name: 'Números de WhatsApp' }).getByRole('row').filter({ hasText: NAME });

/** Screenshots without the toasts over the page: the pointer leaves them, and they close by themselves. */
async function settledShot(page: Page, path: string) {
  await page.mouse.move(10, 790);
  await expect(page.locator('.mantine-Notifications-notification')).toHaveCount(0);
  await page.screenshot({ path, fullPage: true });
}

async function numberOf(page: Page): Promise<{ id: number; qr: string | null; state: string }> {
  const res = await page.context().request.get('/api/channels/waweb');
  expect(res.ok()).toBe(true);
  const list = (await res.json()) as { id: number; name: string; qr: string | null; state: string }[];
  const found = list.find((n) => n.name === NAME);
  if (!found) throw new Error(`número ${NAME} não encontrado`);
  return found;
}

test('o administrador cadastra um número, lê o QR, vê Conectado no painel e no Monitor, e a conversa chega e é respondida', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await login(admin, DEMO.admin);
  await menu(admin).getByRole('link', { name: 'WhatsApp', exact: true }).click();
  await expect(admin).toHaveURL(/\/channels\/waweb$/);
  await expect(admin.getByRole('heading', { name: 'WhatsApp', exact: true })).toBeVisible();
  await expect(admin.getByText('Nenhum número cadastrado')).toBeVisible();

  // The form: the spec's message for a missing name, then the number is saved.
  await admin.getByRole('button', { name: 'Novo número' }).first().click();
  const form = admin.getByRole('dialog', { name: 'Novo número de WhatsApp' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('Campo nome é obrigatório.')).toBeVisible();
  await form.getByLabel('Nome').fill(NAME);
  await form.getByRole('combobox', { name: 'Setor' }).click();
  await admin.getByRole('option', { name: 'Comercial', exact: true }).click();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form).toBeHidden();
  await expect(numberRow(admin)).toContainText('Comercial');

  // Started, the panel shows the QR that the session offers.
  await numberRow(admin)
    .getByRole('button', { name: `Iniciar ${NAME}` })
    .click();
  await numberRow(admin)
    .getByRole('button', { name: `Ler QR ${NAME}` })
    .click();
  const panel = admin.getByRole('dialog', { name: `Ler QR — ${NAME}` });
  const qrImage = panel.getByRole('img', { name: 'QR code do WhatsApp' });
  await expect(qrImage).toBeVisible(SESSION_WAIT);
  await expect(panel.getByText('Ler QR', { exact: true })).toBeVisible();
  expect(await qrImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(264);
  await admin.screenshot({ path: 'docs/screenshots/waweb-qr.png' });

  // The phone scans it: the panel closes on Conectado, and the list follows without a reload.
  let qr: string | null = null;
  await expect
    .poll(async () => {
      qr = (await numberOf(admin)).qr;
      return qr !== null;
    }, SESSION_WAIT)
    .toBe(true);
  await peer.scan(qr ?? '');
  await expect(panel).toBeHidden(SESSION_WAIT);
  await expect(admin.getByText('Conectado', { exact: true }).first()).toBeVisible();
  await expect(numberRow(admin).getByText('Conectado', { exact: true })).toBeVisible();
  await settledShot(admin, 'docs/screenshots/waweb-numbers.png');

  // The Monitor shows it connected on a live server, and its filters find it by #id and hide it as not stopped.
  await menu(admin).getByRole('link', { name: 'Monitor de canais' }).click();
  await expect(admin).toHaveURL(/\/channels\/monitor$/);
  const channels = admin.getByRole('table', { name: 'Canais' });
  const monitorRow = channels.getByRole('row').filter({ hasText: NAME });
  await expect(monitorRow.getByText('Conectado', { exact: true })).toBeVisible();
  await expect(
    admin.getByRole('table', { name: 'Servidores' }).getByRole('row').filter({ hasText: 'Conectado' }),
  ).not.toHaveCount(0);
  const { id } = await numberOf(admin);
  await admin.getByLabel('Nome', { exact: true }).fill(`#${id}`);
  await expect(monitorRow).toBeVisible();
  await admin.getByLabel('Nome', { exact: true }).fill(`#${id + 1000}`);
  await expect(monitorRow).toBeHidden();
  await admin.getByLabel('Nome', { exact: true }).fill('');
  await admin.getByLabel('Somente parados').check();
  await expect(monitorRow).toBeHidden();
  await admin.getByLabel('Somente parados').uncheck();
  await admin.getByLabel('Somente online').check();
  await expect(monitorRow).toBeVisible();
  // A number marked "em pane" (spec 1 §8): the Monitor says so; clearing the mark takes it away.
  await monitorRow.getByRole('button', { name: `Marcar pane em ${NAME}` }).click();
  await expect(admin.getByText('Pane alterada com sucesso.')).toBeVisible();
  await expect(monitorRow.getByText('Em pane')).toBeVisible();
  await monitorRow.getByRole('button', { name: `Encerrar pane de ${NAME}` }).click();
  await expect(monitorRow.getByText('Em pane')).toBeHidden();
  await settledShot(admin, 'docs/screenshots/channel-monitor.png');
  // Narrow: the filters stack and the tables scroll sideways.
  await admin.setViewportSize({ width: 400, height: 860 });
  await admin.goto('/channels/monitor');
  await expect(monitorRow.getByText('Conectado', { exact: true })).toBeVisible();
  await settledShot(admin, 'docs/screenshots/channel-monitor-narrow.png');
  await admin.goto('/channels/waweb');
  await expect(numberRow(admin).getByText('Conectado', { exact: true })).toBeVisible();
  await settledShot(admin, 'docs/screenshots/waweb-numbers-narrow.png');

  // A customer writes: a waweb_ card reaches the operator of the number's sector, who answers it.
  const ana = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await login(ana, DEMO.ana);
  await peer.sendText({ from: CUSTOMER, text: 'Oi, quero um orçamento' });
  const card = ana.getByRole('button', { name: `Abrir conversa com Contato ${CUSTOMER.slice(-4)}` });
  await expect(card).toBeVisible(SESSION_WAIT);
  const [stored] = await sql<{ card_id: string }>('select card_id from attendances where channel_id = $1', [
    id,
  ]);
  expect(stored?.card_id).toBe(`waweb_${id}_${CUSTOMER}`);
  await card.click();
  const chat = ana.getByTestId('chat-modal');
  await expect(
    chat.getByRole('log', { name: 'Mensagens' }).getByText('Oi, quero um orçamento'),
  ).toBeVisible();
  const composer = chat.getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('Olá! Já te mando o orçamento.');
  await composer.press('Enter');
  await expect
    .poll(
      () => peer.received().filter((r) => r.text === 'Olá! Já te mando o orçamento.').length,
      SESSION_WAIT,
    )
    .toBe(1);
  expect(peer.received().find((r) => r.text === 'Olá! Já te mando o orçamento.')?.to).toContain(CUSTOMER);
});

test('desconectado do aparelho, o Monitor mostra a mudança ao vivo e soa o alerta após 15 s; parado, o alerta some', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await login(admin, DEMO.admin);
  const monitor = await context.newPage();
  await monitor.goto('/channels/monitor');
  const monitorRow = monitor
    .getByRole('table', { name: 'Canais' })
    .getByRole('row')
    .filter({ hasText: NAME });
  await expect(monitorRow.getByText('Conectado', { exact: true })).toBeVisible();
  const alert = monitor.getByRole('alert').filter({ hasText: 'Canais fora do ar' });
  await expect(alert).toHaveCount(0);

  await admin.goto('/channels/waweb');
  await numberRow(admin)
    .getByRole('button', { name: `Desconectar ${NAME}` })
    .click();
  const confirm = admin.getByRole('dialog', { name: 'Desconectar número' });
  // The bad state starts after this click: the alert may not come sooner than 15 s after it.
  const leftAt = Date.now();
  await confirm.getByRole('button', { name: 'Desconectar' }).click();
  await expect(confirm).toBeHidden();
  await expect(numberRow(admin).getByText('Conectado', { exact: true })).toBeHidden(SESSION_WAIT);

  // The Monitor follows without a reload; 15 s later in a bad state the alert shows (and beeps).
  await expect(monitorRow.getByText('Conectado', { exact: true })).toBeHidden(SESSION_WAIT);
  await expect(alert).toContainText(NAME, { timeout: 45_000 });
  expect(Date.now() - leftAt).toBeGreaterThanOrEqual(15_000);
  await expect(monitorRow.getByRole('img', { name: 'Em alerta' })).toBeVisible();
  await monitor.screenshot({ path: 'docs/screenshots/channel-monitor-alert.png' });

  // Stopped on purpose, the number is no longer an alert.
  await admin.mouse.move(10, 790);
  await numberRow(admin)
    .getByRole('button', { name: `Parar ${NAME}` })
    .click();
  await expect(monitorRow.getByText('Parado', { exact: true })).toBeVisible(SESSION_WAIT);
  await expect(alert).toHaveCount(0);
  await expect(monitorRow.getByRole('img', { name: 'Em alerta' })).toHaveCount(0);
  await monitor.getByLabel('Somente parados').check();
  await expect(monitorRow).toBeVisible();
  await monitor.getByLabel('Somente online').check();
  await expect(monitorRow).toBeHidden();
});

test('o ritmo de envio é editado em segundos; o painel inicia um número parado; rodando ele não pode ser removido, parado sai da lista', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await login(admin, DEMO.admin);
  await admin.goto('/channels/waweb');
  const confirm = admin.getByRole('dialog', { name: 'Remover número' });

  // The pacing is edited in seconds and kept in milliseconds.
  await numberRow(admin)
    .getByRole('button', { name: `Editar ${NAME}` })
    .click();
  const edit = admin.getByRole('dialog', { name: `Editar número — ${NAME}` });
  await edit.getByLabel('Intervalo mínimo (segundos)').fill('3');
  await edit.getByLabel('Mostrar “digitando…” antes de enviar').uncheck();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByText('Número salvo com sucesso!')).toBeVisible();
  const saved = (await (await admin.context().request.get('/api/channels/waweb')).json()) as {
    name: string;
    pacing: { min_interval_ms: number; presence: boolean };
  }[];
  expect(saved.find((n) => n.name === NAME)?.pacing).toMatchObject({
    min_interval_ms: 3000,
    presence: false,
  });

  // A stopped number's panel offers to start it, and then shows its QR.
  await numberRow(admin)
    .getByRole('button', { name: `Ler QR ${NAME}` })
    .click();
  const panel = admin.getByRole('dialog', { name: `Ler QR — ${NAME}` });
  await expect(panel.getByText('Canal não está rodando.')).toBeVisible();
  await panel.getByRole('button', { name: 'Iniciar' }).click();
  await expect(panel.getByRole('img', { name: 'QR code do WhatsApp' })).toBeVisible(SESSION_WAIT);
  await panel.getByRole('button', { name: 'Fechar' }).click();
  await expect(panel).toBeHidden();
  await admin.mouse.move(10, 790);
  await numberRow(admin)
    .getByRole('button', { name: `Remover ${NAME}` })
    .click();
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(admin.getByText('Não foi possível deletar o canal. Tente parar ele antes.')).toBeVisible();
  await expect(numberRow(admin)).toBeVisible();

  await numberRow(admin)
    .getByRole('button', { name: `Parar ${NAME}` })
    .click();
  await expect(numberRow(admin).getByRole('button', { name: `Iniciar ${NAME}` })).toBeVisible(SESSION_WAIT);
  // The toast sits over the row's end, where the actions are, and stays while hovered: as a person would,
  // move the pointer away and let it go.
  await admin.mouse.move(10, 400);
  await expect(admin.getByText('Número parado.')).toBeHidden();
  await numberRow(admin)
    .getByRole('button', { name: `Remover ${NAME}` })
    .click();
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(admin.getByText('Número removido com sucesso!')).toBeVisible();
  await expect(numberRow(admin)).toHaveCount(0);
  await expect(admin.getByText('Nenhum número cadastrado')).toBeVisible();

  // With no number left, the Monitor says so.
  await admin.goto('/channels/monitor');
  await expect(admin.getByText('Nenhum número de WhatsApp')).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Canais' })).toHaveCount(0);
});
