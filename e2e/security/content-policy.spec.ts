import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DEMO, login } from '../support/demo';

// The security headers (CSP, frame and resource policies) leave the product working: the operator's screens
// with their socket, the web chat on a customer's site of another origin, and the API docs. Any violation
// the browser reports fails the test.

const BLOCKED = /Content Security Policy|Refused to|ERR_BLOCKED_BY/i;

/** Collects what the browser refuses in a context: CSP violations and blocked resources. */
function watch(context: BrowserContext): string[] {
  const problems: string[] = [];
  const listen = (page: Page) => {
    page.on('console', (msg) => {
      if (BLOCKED.test(msg.text())) problems.push(`${page.url()}: ${msg.text()}`);
    });
    page.on('requestfailed', (req) => {
      const reason = req.failure()?.errorText ?? '';
      if (BLOCKED.test(reason)) problems.push(`${req.url()}: ${reason}`);
    });
  };
  context.on('page', listen);
  for (const p of context.pages()) listen(p);
  return problems;
}

/** A customer's site on another origin (localhost instead of 127.0.0.1) with the one-line web chat tag. */
async function customerSite(prosaUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja do cliente</title></head>
<body><h1>Loja do cliente</h1><script src="${prosaUrl}/webchat/demo-empresa.js" async></script></body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

test('um visitante conversa pelo web chat no site de um cliente e a operadora responde, sem bloqueios', async ({
  browser,
  baseURL,
}) => {
  // Two browsers and the server on a shared machine: a generous limit; every step waits for what it shows.
  test.setTimeout(120_000);
  const site = await customerSite(baseURL ?? '');
  const anaContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  const problems = watch(anaContext);
  const visitorProblems = watch(visitorContext);
  try {
    const ana = await anaContext.newPage();
    await login(ana, DEMO.ana);

    const name = `Visitante CSP ${Date.now()}`;
    const visitor = await visitorContext.newPage();
    await visitor.goto(site.url);
    await expect(visitor.getByRole('heading', { name: 'Loja do cliente' })).toBeVisible();
    await visitor.getByRole('button', { name: /conversa/ }).click();
    await visitor.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
    await visitor.getByRole('button', { name: 'Iniciar conversa' }).click();
    const box = visitor.getByRole('textbox', { name: 'Mensagem' });
    await box.fill('Olá, vim pelo site da loja.');
    await box.press('Enter');
    const log = visitor.getByRole('log', { name: 'Conversa' });
    await expect(log.getByText('Olá, vim pelo site da loja.')).toBeVisible();

    // The card reaches the operator through the socket, and her answer reaches the visitor's page.
    const card = ana.getByRole('button', { name: `Abrir conversa com ${name}` });
    await expect(card).toBeVisible();
    await card.click();
    const chat = ana.getByRole('dialog', { name });
    await expect(
      chat.getByRole('log', { name: 'Mensagens' }).getByText('Olá, vim pelo site da loja.'),
    ).toBeVisible();
    const composer = chat.getByRole('textbox', { name: 'Mensagem' });
    await composer.fill('Olá! Em que posso ajudar?');
    await composer.press('Enter');
    await expect(log.getByText('Olá! Em que posso ajudar?')).toBeVisible();

    expect(problems).toEqual([]);
    expect(visitorProblems).toEqual([]);
  } finally {
    await anaContext.close();
    await visitorContext.close();
    await site.close();
  }
});

test('a página de demonstração do web chat e a documentação da API abrem sem bloqueios', async ({ page }) => {
  const problems = watch(page.context());
  await page.goto('/demo/webchat');
  await page.getByRole('button', { name: /conversa/ }).click();
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toBeVisible();

  // Swagger UI renders the whole OpenAPI document (hundreds of KB): it may take a while on a busy machine.
  test.setTimeout(120_000);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Prosa API/ })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('/api/auth/login').first()).toBeVisible();
  expect(problems).toEqual([]);
});
