import { expect, type Page, test } from '@playwright/test';
import { sql } from '../support/database';
import { DEMO, login } from '../support/demo';
import { pngFile } from '../support/files';
import { visitorStarts } from '../support/webchat';

// The platform owner (role 1000): the demo has none, so one is made here, with the demo admin's password.
const LORD = 'dono.plataforma@empresademo.com.br';

test.beforeAll(async () => {
  await sql(
    `insert into users (company_id, name, display_name, email, password_hash, role, settings)
     select company_id, 'Dono da plataforma', 'Dono', $1, password_hash, 1000, settings
     from users where email = $2
     on conflict do nothing`,
    [LORD, DEMO.admin],
  );
});

test('o dono da plataforma liga e desliga um recurso da empresa na aba Recursos', async ({ page }) => {
  await login(page, LORD);
  const list = await page.request.get('/api/companies?search=Outra');
  const body = (await list.json()) as { items: { id: number; name: string }[] };
  const company = body.items.find((c) => c.name.startsWith('Outra'));
  if (!company) throw new Error('Outra Empresa não encontrada');

  await page.goto(`/companies/${company.id}`);
  const tabs = page.getByRole('tablist', { name: 'Abas da empresa' });
  await tabs.getByRole('tab', { name: 'Recursos' }).click();
  await expect(page).toHaveURL(/redirect=feature-flags/);
  const flag = page.getByRole('switch', { name: 'Enviar nome do operador' });
  await expect(flag).not.toBeChecked();
  await expect(page.getByText('Exibir mídia no chat', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Exibir mídia no chat' })).toBeChecked();

  // Mantine draws the track over the input; the switch follows the server's answer (no local state).
  await flag.click({ force: true });
  await expect(page.getByText('Enviar nome do operador ativado.')).toBeVisible();
  await expect(flag).toBeChecked();

  // Persisted: after a reload, and as the API reads it.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Enviar nome do operador' })).toBeChecked();
  const saved = await page.request.get(`/api/feature-flags/send_username?company_id=${company.id}`);
  expect(await saved.json()).toMatchObject({ type: 'send_username', company_id: company.id, active: true });

  await page.getByRole('switch', { name: 'Enviar nome do operador' }).click({ force: true });
  await expect(page.getByText('Enviar nome do operador desativado.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Enviar nome do operador' })).not.toBeChecked();
});

test('o administrador não vê a aba Recursos', async ({ page }) => {
  await login(page, DEMO.admin);
  const list = await page.request.get('/api/companies?search=Empresa%20Demo');
  const body = (await list.json()) as { items: { id: number; name: string }[] };
  const company = body.items.find((c) => c.name === 'Empresa Demo');
  if (!company) throw new Error('Empresa Demo não encontrada');
  await page.goto(`/companies/${company.id}?redirect=feature-flags`);
  const tabs = page.getByRole('tablist', { name: 'Abas da empresa' });
  await expect(tabs.getByRole('tab', { name: 'Dados', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(tabs.getByRole('tab', { name: 'Recursos' })).toHaveCount(0);
});

async function companyId(page: Page, name: string): Promise<number> {
  const list = await page.request.get(`/api/companies?search=${encodeURIComponent(name)}`);
  const body = (await list.json()) as { items: { id: number; name: string }[] };
  const found = body.items.find((c) => c.name === name);
  if (!found) throw new Error(`${name} não encontrada`);
  return found.id;
}

test('com display_midia desligado, a imagem recebida aparece como arquivo com Abrir, sem prévia', async ({
  browser,
  page,
}) => {
  const owner = await (await browser.newContext()).newPage();
  await login(owner, LORD);
  const demo = await companyId(owner, 'Empresa Demo');
  const flip = () =>
    owner.request.post('/api/feature-flags/display_midia/toggle', { data: { company_id: demo } });
  expect(await (await flip()).json()).toMatchObject({ active: false });
  try {
    const name = `Visitante Mídia ${Date.now()}`;
    const visitor = await visitorStarts(browser, name, 'Vou mandar o comprovante');
    await login(page, DEMO.ana);
    await page.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
    const chat = page.getByTestId('chat-modal');
    await expect(chat.getByRole('heading', { name })).toBeVisible();

    await visitor.locator('prosa-webchat input[type="file"]').setInputFiles({
      name: 'comprovante.png',
      mimeType: 'image/png',
      buffer: pngFile(),
    });
    const log = chat.getByRole('log', { name: 'Mensagens' });
    const open = log.getByRole('link', { name: 'Abrir comprovante.png' });
    await expect(open).toBeVisible();
    await expect(log.getByText('comprovante.png', { exact: true })).toBeVisible();
    await expect(log.getByRole('img', { name: 'comprovante.png' })).toHaveCount(0);
    const served = await page.request.get((await open.getAttribute('href')) ?? '');
    expect(served.headers()['content-type']).toBe('image/png');
    await visitor.context().close();
  } finally {
    expect(await (await flip()).json()).toMatchObject({ active: true });
    await owner.context().close();
  }
});

test('sem a nova distribuição (dist_v2), o gestor que abre a aba volta ao chat com o aviso', async ({
  page,
  browser,
}) => {
  await login(page, LORD);
  const demo = await companyId(page, 'Empresa Demo');
  const toggle = () => page.request.post('/api/feature-flags/dist_v2/toggle', { data: { company_id: demo } });
  expect(await (await toggle()).json()).toMatchObject({ active: false });
  try {
    const manager = await (await browser.newContext()).newPage();
    await login(manager, DEMO.manager);
    await manager.goto('/settings?tab=distribution');
    await expect(manager).toHaveURL(/\/chat/);
    await expect(manager.getByText('Não foi possível acessar este recurso.')).toBeVisible();
  } finally {
    expect(await (await toggle()).json()).toMatchObject({ active: true });
  }
});
