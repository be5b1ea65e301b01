import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';

// The demo company's web chat (SEED_DEMO): its name in the form and the button of its visitor form.
const DEMO_WEBCHAT_NAME = 'Site da Empresa Demo';

test('o gestor cria um multicanal, copia o link e o hotsite leva a cada canal', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const phone = `55119${String(Date.now()).slice(-8)}`;
  const linkName = `Atendimento ${stamp}`;

  // A WhatsApp number with its phone, created as the manager does in "WhatsApp".
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  const sectors = (await (await manager.get('/api/sectors')).json()) as { id: number }[];
  const number = await manager.post('/api/channels/waweb', {
    data: { name: `Vendas ${stamp}`, sector_id: sectors[0]?.id, phone_number: phone },
  });
  expect(number.ok()).toBe(true);

  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await login(page, DEMO.manager);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Multicanal' })
    .click();
  await expect(page.getByRole('heading', { name: 'Multicanal' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo multicanal' }).first().click();

  // Saving with nothing enabled gives the spec's text.
  await expect(page.getByRole('heading', { name: 'Novo multicanal' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(linkName);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Configure e ative pelo menos um dos canais.');

  // E-mail, a WhatsApp number and the web chat.
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('switch', { name: 'Ativo' }).check();
  await panel.getByRole('textbox', { name: 'E-mail' }).fill(`contato.${stamp}@empresademo.com.br`);
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await panel.getByRole('switch', { name: 'Ativo' }).check();
  await panel.getByRole('combobox', { name: 'Números de WhatsApp' }).click();
  await page.getByRole('option', { name: new RegExp(`Vendas ${stamp}`) }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Web chat' }).click();
  await panel.getByRole('switch', { name: 'Ativo' }).check();
  await panel.getByLabel('Web chat', { exact: true }).click();
  await page.getByRole('option', { name: DEMO_WEBCHAT_NAME }).click();
  await page.getByRole('tab', { name: 'Widget' }).click();
  await panel.getByRole('textbox', { name: 'Título' }).fill('Fale com a Empresa Demo');
  await panel.getByRole('textbox', { name: 'Botão Web chat' }).fill('Conversar agora');
  await page.screenshot({
    path: `test-results/e2e-${process.env.E2E_PORT ?? 3100}/multichannel-form.png`,
    fullPage: true,
  });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Multicanal salvo com sucesso!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Editar multicanal' })).toBeVisible();

  // Copy the hotsite's link, then open what was copied.
  await page.getByRole('button', { name: 'Copiar link' }).click();
  await expect(page.getByText('Link copiado com sucesso!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/hotsite\/[A-Za-z0-9_-]{16}$/);
  await expect(page.getByLabel('Código do widget')).toContainText(
    `${copied.replace('/hotsite/', '/multichannel/')}.js`,
  );

  const site = await context.newPage();
  await site.goto(copied);
  await expect(site.getByRole('heading', { name: 'Fale com a Empresa Demo' })).toBeVisible();
  const channels = site.getByRole('navigation', { name: 'Canais de atendimento' });
  await expect(channels.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/${phone}`,
  );
  await expect(channels.getByRole('link', { name: /E-mail/ })).toHaveAttribute(
    'href',
    `mailto:contato.${stamp}@empresademo.com.br`,
  );
  // Only the three channels: in order WhatsApp, e-mail, web chat.
  await expect(channels.locator('.mc-btn')).toHaveCount(3);
  await site.screenshot({
    path: `test-results/e2e-${process.env.E2E_PORT ?? 3100}/multichannel-hotsite.png`,
    fullPage: true,
  });

  // The web chat opens in place: its visitor form on the hotsite itself.
  await channels.getByRole('button', { name: /Conversar agora/ }).click();
  await expect(site.getByRole('button', { name: 'Iniciar conversa' })).toBeVisible();
  await expect(site.getByRole('textbox', { name: 'Nome', exact: true })).toBeVisible();
  expect(site.url()).toBe(copied);

  // The embeddable widget on a customer's site (another origin): the floating button opens the same buttons.
  const script = `${copied.replace('/hotsite/', '/multichannel/')}.js`;
  const shop = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="pt-BR"><body><h1>Loja</h1><script src="${script}" async></script></body></html>`,
    );
  });
  await new Promise<void>((ok) => shop.listen(0, '127.0.0.1', ok));
  const customer = await context.newPage();
  await customer.goto(`http://127.0.0.1:${(shop.address() as AddressInfo).port}/`);
  await customer.getByRole('button', { name: 'Abrir canais de atendimento' }).click();
  const widget = customer.getByRole('dialog', { name: 'Fale com a Empresa Demo' });
  await expect(widget.getByRole('button', { name: /WhatsApp/ })).toBeVisible();
  await expect(widget.getByRole('button', { name: /E-mail/ })).toBeVisible();
  await customer.screenshot({
    path: `test-results/e2e-${process.env.E2E_PORT ?? 3100}/multichannel-widget.png`,
  });
  await widget.getByRole('button', { name: /Conversar agora/ }).click();
  await expect(customer.getByRole('button', { name: 'Iniciar conversa' })).toBeVisible();
  shop.close();

  // The list shows it with its channels; deleting it takes the hotsite down.
  await page.getByRole('button', { name: 'Voltar' }).click();
  const row = page.getByRole('row', { name: new RegExp(linkName) });
  await expect(row.getByRole('img', { name: 'WhatsApp' })).toBeVisible();
  await page.screenshot({ path: `test-results/e2e-${process.env.E2E_PORT ?? 3100}/multichannel-list.png` });
  await row.getByRole('button', { name: `Excluir ${linkName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(row).toBeHidden();
  await site.reload();
  await expect(site.getByRole('heading', { name: 'Multicanal não encontrado.' })).toBeVisible();
  await context.close();

  // The number goes too: the specs share one server, and the WhatsApp screens start from none.
  const numberId = ((await number.json()) as { id: number }).id;
  expect((await manager.delete(`/api/channels/waweb/${numberId}`)).ok()).toBe(true);
});
