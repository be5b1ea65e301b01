import type { Server } from 'node:net';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { sql } from '../support/database';
import { DEMO, login } from '../support/demo';
import { pngFile } from '../support/files';
import { relayTo } from '../waweb/peer-proxy';
import { type RemotePeer, startRemotePeer } from './remote-peer';

// Active WhatsApp from a number by QR code (issue 13, spec 1 §2/§5): the admin of Outra Empresa (whose queues no
// other spec counts) pairs a number with the fake WhatsApp Web phone, then starts a conversation from the modal.

let peer: RemotePeer;
let relay: Server;
let api: APIRequestContext;
let numberId = 0;

const NAME = 'Ativo QR';
const TEXT = 'Olá! Aqui é da Outra Empresa, sobre o seu pedido.';
// Pairing goes through Baileys' real handshake and a restart: room for it on a loaded machine.
const SESSION_WAIT = { timeout: 90_000, intervals: [500] };

test.beforeAll(async ({ baseURL }) => {
  peer = await startRemotePeer();
  relay = await relayTo(peer.url);
  await sql(
    `update companies set metadata = jsonb_set(metadata, '{allow}', coalesce(metadata->'allow', '{}'::jsonb) || '{"whatsapp-active": true}'::jsonb, true) where name = 'Outra Empresa'`,
  );
  api = await apiAs(baseURL ?? '', DEMO.otherAdmin);
  const [sector] = await sql<{ id: number }>(
    `select s.id from sectors s join companies c on c.id = s.company_id where c.name = 'Outra Empresa' and s.name = 'Atendimento'`,
  );
  const created = await api.post('/api/channels/waweb', { data: { name: NAME, sector_id: sector?.id } });
  expect(created.ok()).toBe(true);
  numberId = ((await created.json()) as { id: number }).id;
});
test.afterAll(async () => {
  // Stopped, so no session of this file's phone outlives it.
  if (numberId) await api?.post(`/api/channels/waweb/${numberId}/stop`);
  if (relay) await new Promise((done) => relay.close(done));
  await peer?.stop();
  await api?.dispose();
});

async function number(): Promise<{ state: string; qr: string | null }> {
  const res = await api.get(`/api/channels/waweb/${numberId}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { state: string; qr: string | null };
}

test('o administrador envia um WhatsApp ativo por um número de QR code, com as validações e o limite de 2MB', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The number is paired first: started, its QR read by the phone.
  expect((await api.post(`/api/channels/waweb/${numberId}/start`)).ok()).toBe(true);
  let qr: string | null = null;
  await expect
    .poll(async () => {
      const n = await number();
      qr = n.state === 'UNPAIRED' ? n.qr : null;
      return qr !== null;
    }, SESSION_WAIT)
    .toBe(true);
  await peer.scan(qr ?? '');
  await expect.poll(async () => (await number()).state, SESSION_WAIT).toBe('CONNECTED');

  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, DEMO.otherAdmin);
  await page.getByRole('button', { name: 'WhatsApp ativo' }).click();
  const modal = page.getByRole('dialog', { name: 'WhatsApp ativo' });
  // The only number is chosen already, marked as a number by QR code: a message instead of a template.
  await expect(modal.getByRole('combobox', { name: 'Canal', exact: true })).toHaveValue(
    `${NAME} (WhatsApp por QR code)`,
  );
  await expect(modal.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  await expect(modal.getByRole('combobox', { name: 'Modelo (HSM)' })).toHaveCount(0);

  await modal.getByLabel('Telefone').fill('(11) 98765-4321');
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal.getByText('Por favor, preencha os campos obrigatórios!')).toBeVisible();

  const fileInput = modal.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'grande.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
  });
  await expect(modal.getByText('São permitidos somente arquivos de até 2MB.')).toBeVisible();
  await fileInput.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: pngFile() });
  await expect(modal.getByTestId('active-media')).toContainText('foto.png');
  await modal.getByRole('button', { name: 'Remover arquivo' }).click();
  await expect(modal.getByTestId('active-media')).toHaveCount(0);

  await modal.getByRole('textbox', { name: 'Mensagem' }).fill(TEXT);
  await page.screenshot({ path: 'docs/screenshots/active-whatsapp-qr.png' });
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal).toBeHidden();

  // The new attendance opens in the chat, and the message reaches the contact's phone.
  await expect(page.getByRole('dialog').filter({ hasText: TEXT })).toBeVisible();
  await expect
    .poll(async () => (await peer.received()).some((m) => m.text === TEXT), SESSION_WAIT)
    .toBe(true);
});
