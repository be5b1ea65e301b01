import { expect, type Page, test } from '@playwright/test';
import { type GraphApiPeer, startGraphApiPeer } from '../../apps/server/test/peers/graph-api/peer';
import { ev } from '../../apps/server/test/peers/graph-api/webhooks';
import { sql } from '../support/database';
import { DEMO, login } from '../support/demo';
import { GRAPH_PORT, META_APP } from './graph-relay';

// One Facebook account (the fake Graph API) for the whole file; the tests follow its pages through their life.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 800 } });

const SHOP = { id: '1050001', name: 'Loja Prosa', accessToken: 'EAAP-loja-prosa' };
const SUPPORT = { id: '1050002', name: 'Prosa Suporte', accessToken: 'EAAP-prosa-suporte' };
const INSTAGRAM = { id: '17841400001', username: 'lojaprosa' };
const CUSTOMER = { id: '7000123456789', first_name: 'João', last_name: 'Cliente' };

let peer: GraphApiPeer;

test.beforeAll(async () => {
  peer = await startGraphApiPeer({
    appId: META_APP.id,
    appSecret: META_APP.secret,
    user: { id: '10001', name: 'Maria Administradora' },
    pages: [
      { ...SHOP, instagram: INSTAGRAM },
      { ...SUPPORT, instagram: null },
    ],
    people: [CUSTOMER],
    port: GRAPH_PORT,
  });
});
test.afterAll(async () => {
  await peer?.stop();
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const pagesTable = (page: Page) => page.getByRole('table', { name: 'Páginas do Facebook' });
const pageRow = (page: Page, name: string) => pagesTable(page).getByRole('row').filter({ hasText: name });

/** Screenshots without the toasts over the page: the pointer leaves them, and they close by themselves. */
async function settledShot(page: Page, path: string) {
  await page.mouse.move(10, 790);
  await expect(page.locator('.mantine-Notifications-notification')).toHaveCount(0);
  await page.screenshot({ path, fullPage: true });
}

test('sem login no Facebook, a tela diz Não conectado e não lista páginas; o Instagram pede cada campo', async ({
  page,
}) => {
  await login(page, DEMO.manager);
  await menu(page).getByRole('link', { name: 'Facebook e Instagram' }).click();
  await expect(page).toHaveURL(/\/channels\/facebook$/);
  await expect(page.getByRole('heading', { name: 'Facebook e Instagram' })).toBeVisible();
  await expect(page.getByText('Não conectado ao Facebook.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar com o Facebook' })).toBeVisible();
  await expect(page.getByText('Nenhuma página encontrada.')).toBeVisible();
  await settledShot(page, 'docs/screenshots/facebook-not-logged.png');

  // Cancelled at Facebook, the login comes back with the spec's text (the real dialog's Cancelar).
  await page.getByRole('button', { name: 'Entrar com o Facebook' }).click();
  await expect(page.getByRole('heading', { name: 'Entrar com o Facebook' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/channels\/facebook$/);
  await expect(page.getByText('Login cancelado ou não autorizado.')).toBeVisible();
  await expect(page.getByText('Não conectado ao Facebook.')).toBeVisible();
  // A failed login (e.g. a tampered state) says the spec's error text.
  await page.goto('/channels/facebook?login=error');
  await expect(
    page.getByText('Erro ao efetuar login no Facebook, por favor tente novamente mais tarde.'),
  ).toBeVisible();

  await menu(page).getByRole('link', { name: 'Instagram', exact: true }).click();
  await expect(page).toHaveURL(/\/channels\/instagram$/);
  await expect(page.getByText('Nenhuma conta do Instagram cadastrada')).toBeVisible();
  await expect(page.getByText('chegam pela página do Facebook vinculada')).toBeVisible();
  await page.getByRole('button', { name: 'Nova conta' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nova conta do Instagram' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  for (const field of ['Página', 'Nome', 'Setor', 'Aceite dos termos']) {
    await expect(form.getByText(`Campo ${field} é obrigatório!`)).toBeVisible();
  }
  await page.mouse.move(10, 790);
  await expect(page.locator('.mantine-Notifications-notification')).toHaveCount(0);
  await page.screenshot({ path: 'docs/screenshots/instagram-form.png' });
});

test('o administrador entra com o Facebook, conecta uma página com setor; a mensagem do cliente chega à operadora e a resposta chega ao Facebook', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await login(admin, DEMO.admin);
  await menu(admin).getByRole('link', { name: 'Facebook e Instagram' }).click();

  // Facebook Login through the (fake) dialog, and back to the screen logged in.
  await admin.getByRole('button', { name: 'Entrar com o Facebook' }).click();
  await expect(admin.getByRole('heading', { name: 'Entrar com o Facebook' })).toBeVisible();
  await admin.getByRole('button', { name: 'Continuar como Maria' }).click();
  await expect(admin).toHaveURL(/\/channels\/facebook$/);
  await expect(admin.getByText('Login no Facebook efetuado com sucesso!')).toBeVisible();
  await expect(admin.getByText('Conectado ao Facebook como')).toContainText('Maria Administradora');
  const [dialog] = peer.dialogs;
  for (const scope of ['pages_messaging', 'instagram_manage_messages', 'business_management']) {
    expect(dialog?.scope.split(',')).toContain(scope);
  }

  // The user's pages, not connected yet.
  await expect(pageRow(admin, SHOP.name)).toContainText('Desconectada');
  await expect(pageRow(admin, SUPPORT.name)).toContainText('Desconectada');

  // Connect with a sector: the sector is required, then the app is subscribed to the page's four fields.
  await pageRow(admin, SHOP.name)
    .getByRole('button', { name: `Conectar ${SHOP.name}` })
    .click();
  const connect = admin.getByRole('dialog', { name: `Conectar página — ${SHOP.name}` });
  await connect.getByRole('button', { name: 'Conectar' }).click();
  await expect(connect.getByText('Campo Setor é obrigatório!')).toBeVisible();
  await connect.getByRole('combobox', { name: 'Setor' }).click();
  await admin.getByRole('option', { name: 'Comercial', exact: true }).click();
  await connect.getByRole('button', { name: 'Conectar' }).click();
  await expect(connect).toBeHidden();
  await expect(admin.getByText('Página conectada com sucesso!')).toBeVisible();
  await expect(pageRow(admin, SHOP.name)).toContainText('Inscrita');
  await expect(pageRow(admin, SHOP.name)).toContainText('Comercial');
  // Its Instagram business account, read when connecting.
  await expect(pageRow(admin, SHOP.name)).toContainText(`@${INSTAGRAM.username}`);
  expect(peer.subscriptions.get(SHOP.id)?.sort()).toEqual(
    ['message_reads', 'messages', 'messaging_postbacks', 'messaging_referrals'].sort(),
  );
  await settledShot(admin, 'docs/screenshots/facebook-pages.png');

  // A customer writes to the page: the operator of Comercial gets an fa_ card and answers it.
  const ana = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await login(ana, DEMO.ana);
  const statuses = await peer.deliver(`${baseURL}/api/webhooks/facebook`, 'page', [
    ev.text({ user: CUSTOMER.id, to: SHOP.id, text: 'Olá! A loja abre amanhã?' }),
  ]);
  expect(statuses).toEqual([200]);
  const [channel] = await sql<{ id: number }>(
    "select id from channels where kind = 'fa' and route_key = $1 and deleted_at is null",
    [SHOP.id],
  );
  let cardId = '';
  await expect
    .poll(async () => {
      const rows = await sql<{ card_id: string }>('select card_id from attendances where channel_id = $1', [
        channel?.id,
      ]);
      cardId = rows[0]?.card_id ?? '';
      return cardId;
    })
    .toBe(`fa_${channel?.id}_${CUSTOMER.id}`);
  const card = ana
    .getByRole('button', { name: /^Abrir conversa com / })
    .filter({ hasText: 'A loja abre amanhã' });
  await expect(card).toBeVisible();
  await card.click();
  const chat = ana.getByTestId('chat-modal');
  await expect(
    chat.getByRole('log', { name: 'Mensagens' }).getByText('Olá! A loja abre amanhã?'),
  ).toBeVisible();
  const composer = chat.getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('Abre sim, das 9h às 18h.');
  await composer.press('Enter');
  await expect
    .poll(() =>
      peer.sends.filter((s) => (s.body.message as { text?: string })?.text === 'Abre sim, das 9h às 18h.'),
    )
    .toHaveLength(1);
  const sent = peer.sends.find(
    (s) => (s.body.message as { text?: string })?.text === 'Abre sim, das 9h às 18h.',
  );
  expect(sent?.body.recipient).toEqual({ id: CUSTOMER.id });
  expect(sent?.body.messaging_type).toBe('RESPONSE');
  expect(sent?.token).toBe(SHOP.accessToken);
  // A button the customer pressed (a postback) shows as the button's title.
  expect(
    await peer.deliver(`${baseURL}/api/webhooks/facebook`, 'page', [
      ev.postback({ user: CUSTOMER.id, to: SHOP.id, title: 'Falar com atendente', payload: 'HUMANO' }),
    ]),
  ).toEqual([200]);
  await expect(
    chat.getByRole('log', { name: 'Mensagens' }).getByText('Botão: Falar com atendente'),
  ).toBeVisible();

  // Meta refuses the page's token (code 190): the page shows not connected until it is connected again.
  peer.failNextSends({
    code: 190,
    message: 'Error validating access token: The session has been invalidated.',
  });
  await composer.fill('Mais alguma dúvida?');
  await composer.press('Enter');
  await expect(async () => {
    await admin.reload();
    await expect(pageRow(admin, SHOP.name)).toContainText('Não conectada — entre novamente', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(
    pageRow(admin, SHOP.name).getByRole('button', { name: `Reinscrever ${SHOP.name}` }),
  ).toHaveCount(0);
  await settledShot(admin, 'docs/screenshots/facebook-needs-reauth.png');
  await pageRow(admin, SHOP.name)
    .getByRole('button', { name: `Conectar ${SHOP.name}` })
    .click();
  // The sector it had is kept as the choice.
  await connect.getByRole('button', { name: 'Conectar' }).click();
  await expect(connect).toBeHidden();
  await expect(pageRow(admin, SHOP.name)).toContainText('Inscrita');
  await expect(pageRow(admin, SHOP.name)).toContainText('Comercial');
  // Narrow: the login check stacks and the table scrolls sideways.
  await admin.setViewportSize({ width: 400, height: 860 });
  await expect(pageRow(admin, SHOP.name)).toBeVisible();
  await settledShot(admin, 'docs/screenshots/facebook-pages-narrow.png');
});

test('a conta do Instagram da página é cadastrada, a mensagem do Direct chega e é respondida; a conta é editada e removida; a página é reinscrita, muda de setor e é desvinculada', async ({
  browser,
  page,
  baseURL,
}) => {
  // A long path (an account's whole life, then the page's): more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  await login(page, DEMO.admin);
  await page.goto('/channels/instagram');
  await page.getByRole('button', { name: 'Nova conta' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nova conta do Instagram' });
  await form.getByRole('combobox', { name: 'Página do Facebook' }).click();
  // Only connected pages with an Instagram business account are offered.
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: `${SHOP.name} — @${INSTAGRAM.username}` }).click();
  await form.getByLabel('Nome').fill('Instagram da Loja');
  await form.getByRole('combobox', { name: 'Setor' }).click();
  await page.getByRole('option', { name: 'Suporte', exact: true }).click();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('Campo Aceite dos termos é obrigatório!')).toBeVisible();
  await form.getByLabel('Li e aceito os termos de uso').check();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form).toBeHidden();
  const accounts = page.getByRole('table', { name: 'Contas do Instagram' });
  const row = accounts.getByRole('row').filter({ hasText: 'Instagram da Loja' });
  await expect(row).toContainText(`@${INSTAGRAM.username}`);
  await expect(row).toContainText(SHOP.name);
  await expect(row).toContainText('Suporte');
  await settledShot(page, 'docs/screenshots/instagram-accounts.png');

  // A customer writes on Instagram Direct: an insta_ card for the operator of Suporte, whose reply goes out
  // through the business account.
  const ana = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await login(ana, DEMO.ana);
  const statuses = await peer.deliver(`${baseURL}/api/webhooks/instagram`, 'instagram', [
    ev.text({ user: '5550001112223', to: INSTAGRAM.id, text: 'Vocês entregam em Campinas?' }),
  ]);
  expect(statuses).toEqual([200]);
  const card = ana
    .getByRole('button', { name: /^Abrir conversa com / })
    .filter({ hasText: 'entregam em Campinas' });
  await expect(card).toBeVisible();
  const [insta] = await sql<{ card_id: string }>(
    "select a.card_id from attendances a join channels c on c.id = a.channel_id where c.kind = 'insta'",
  );
  expect(insta?.card_id).toMatch(/^insta_\d+_5550001112223$/);
  await card.click();
  const composer = ana.getByTestId('chat-modal').getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('Entregamos sim!');
  await composer.press('Enter');
  await expect
    .poll(() => peer.sends.filter((s) => (s.body.message as { text?: string })?.text === 'Entregamos sim!'))
    .toHaveLength(1);
  const sent = peer.sends.find((s) => (s.body.message as { text?: string })?.text === 'Entregamos sim!');
  expect(sent?.body.recipient).toEqual({ id: '5550001112223' });
  // A reply to the shop's story and a mention in the customer's: each quotes the story, a link never loaded.
  const story = 'https://cdn.example.test/stories/loja-1.jpg';
  expect(
    await peer.deliver(`${baseURL}/api/webhooks/instagram`, 'instagram', [
      ev.storyReply({
        user: '5550001112223',
        to: INSTAGRAM.id,
        text: 'Tem em azul?',
        storyUrl: story,
        storyId: '1801',
      }),
    ]),
  ).toEqual([200]);
  const log = ana.getByTestId('chat-modal').getByRole('log', { name: 'Mensagens' });
  const reply = log.getByTestId('message').filter({ hasText: 'Tem em azul?' });
  await expect(reply.getByText('Respondeu ao seu story')).toBeVisible();
  await expect(reply.getByRole('link', { name: 'Ver story' })).toHaveAttribute('href', story);
  expect(
    await peer.deliver(`${baseURL}/api/webhooks/instagram`, 'instagram', [
      ev.storyMention({ user: '5550001112223', to: INSTAGRAM.id, storyUrl: `${story}?m=1` }),
    ]),
  ).toEqual([200]);
  await expect(log.getByText('Mencionou você no story')).toBeVisible();
  await expect(log.locator(`img[src^="${story}"]`)).toHaveCount(0);
  await ana.context().close();

  // Its name and sector are edited; the account stays the same.
  await row.getByRole('button', { name: 'Editar Instagram da Loja' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar conta — Instagram da Loja' });
  await edit.getByLabel('Nome').fill('Direct da Loja');
  await edit.getByRole('combobox', { name: 'Setor' }).click();
  await page.getByRole('option', { name: 'Comercial', exact: true }).click();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  const renamed = accounts.getByRole('row').filter({ hasText: 'Direct da Loja' });
  await expect(renamed).toContainText('Comercial');
  await expect(renamed).toContainText(`@${INSTAGRAM.username}`);

  // Removed after a confirmation, the list is empty again.
  await page.mouse.move(10, 790);
  await renamed.getByRole('button', { name: 'Remover Direct da Loja' }).click();
  const removal = page.getByRole('dialog', { name: 'Remover conta do Instagram' });
  await removal.getByRole('button', { name: 'Remover' }).click();
  await expect(removal).toBeHidden();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByText('Nenhuma conta do Instagram cadastrada')).toBeVisible();

  await page.goto('/channels/facebook');
  await expect(page.getByText('Conectado ao Facebook como')).toBeVisible();
  await pageRow(page, SHOP.name)
    .getByRole('button', { name: `Reinscrever ${SHOP.name}` })
    .click();
  await expect(page.getByText('Página inscrita novamente com sucesso!')).toBeVisible();
  expect(peer.subscriptions.get(SHOP.id)).toHaveLength(4);

  await pageRow(page, SHOP.name)
    .getByRole('button', { name: `Alterar setor ${SHOP.name}` })
    .click();
  const sector = page.getByRole('dialog', { name: 'Alterar setor' });
  await sector.getByRole('combobox', { name: 'Setor' }).click();
  await page.getByRole('option', { name: 'Financeiro', exact: true }).click();
  await sector.getByRole('button', { name: 'Salvar' }).click();
  await expect(sector).toBeHidden();
  await expect(pageRow(page, SHOP.name)).toContainText('Financeiro');

  await page.mouse.move(10, 790);
  await pageRow(page, SHOP.name)
    .getByRole('button', { name: `Desvincular ${SHOP.name}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Desvincular página' });
  await confirm.getByRole('button', { name: 'Desvincular' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Página desvinculada com sucesso!')).toBeVisible();
  // No longer subscribed: it can be connected again, not unlinked twice.
  await expect(pageRow(page, SHOP.name)).not.toContainText('Inscrita');
  await expect(pageRow(page, SHOP.name)).toContainText('Desvinculada');
  await expect(
    pageRow(page, SHOP.name).getByRole('button', { name: `Desvincular ${SHOP.name}` }),
  ).toHaveCount(0);
  await expect(pageRow(page, SHOP.name).getByRole('button', { name: `Conectar ${SHOP.name}` })).toBeVisible();
  expect(peer.subscriptions.has(SHOP.id)).toBe(false);
});
