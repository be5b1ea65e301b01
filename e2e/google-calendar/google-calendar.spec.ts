import { expect, test } from '@playwright/test';
import { type GooglePeer, startGooglePeer } from '../../apps/server/test/peers/google-peer';
import { DEMO, login } from '../support/demo';

// Google Calendar (issue 22): the manager turns the company switch on in the settings; an operator opens Google
// Agenda from "Minha conta", clicks Conectar and consents on Google — here the local Google peer, which sends the
// browser straight back to /google-calendar with ?code&state — and the page shows the calendar connected.

// Same port and OAuth client as playwright.config.ts GOOGLE_*.
const GOOGLE_PORT = Number(process.env.E2E_PORT ?? 3100) + 18_000;
const EMAIL = 'ana.agenda@gmail.com';

let peer: GooglePeer;

test.beforeAll(async () => {
  peer = await startGooglePeer({
    port: GOOGLE_PORT,
    email: EMAIL,
    clientId: 'e2e-google-client.apps.googleusercontent.com',
    clientSecret: 'e2e-google-secret',
  });
});
test.afterAll(async () => {
  await peer.close();
});

test('a empresa ativa a Google Agenda e a operadora conecta a sua conta', async ({ browser }) => {
  const manager = await browser.newPage();
  await login(manager, DEMO.manager);
  await manager.goto('/settings?tab=google-calendar');
  const flag = manager.getByRole('switch', { name: 'Ativar a Google Agenda' });
  if (!(await flag.isChecked())) {
    await flag.click({ force: true });
    await manager.getByRole('button', { name: 'Salvar' }).click();
    await expect(manager.getByText('Configuração alterada com sucesso!')).toBeVisible();
  }
  await manager.close();

  const page = await browser.newPage();
  await login(page, DEMO.ana);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Abrir Google Agenda' }).click();
  await expect(page).toHaveURL(/\/google-calendar$/);
  await expect(page.getByText('Não conectada')).toBeVisible();
  await page.getByRole('link', { name: 'Conectar Google Agenda' }).click();

  // Back from Google with the code: saved, the address cleaned, the account shown.
  await expect(page.getByText('Google Agenda conectada!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/google-calendar$/);
  await expect(page.getByText('Conectada', { exact: true })).toBeVisible();
  await expect(page.getByText(EMAIL)).toBeVisible();
  const exchange = peer.calls.find((c) => c.path === '/token');
  expect(exchange?.body).toMatchObject({ grant_type: 'authorization_code' });

  // A code that does not work (a reload of an old return address): the spec's message, then the state again.
  await page.goto('/google-calendar?code=4%2Fvelho&state=invalido');
  await expect(page.getByText('Ocorreu um erro ao carregar a página.')).toBeVisible();
  await expect(page.getByText(EMAIL)).toBeVisible();
  await page.close();
});
