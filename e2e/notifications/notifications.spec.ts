import { expect, type Page, test } from '@playwright/test';
import { DEMO, login, mainMenu } from '../support/demo';

// Notifications (issue 20): the admin writes a notice for the demo company; Ana, in her own browser, sees the
// bell's count rise without reloading, opens it, reads the detail and marks it read, and the count goes back down.
// The title carries a stamp and the count is compared with what it was, so other specs' data never matters.

const STAMP = Date.now().toString(36);
const TITLE = `Nova versão disponível ${STAMP}`;
const TEXT = 'A partir de hoje o painel mostra os atendimentos em espera por setor.';

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const bell = (page: Page) => page.getByRole('button', { name: /^Notificações/ });
/** The unread count the bell announces ("Notificações: 3 não lidas"; none: "Notificações"). */
const bellCount = async (page: Page) => {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/: (\d+) não lidas/.exec(label)?.[1] ?? 0);
};

test('o administrador publica um aviso e a operadora o vê no sino ao vivo, lê e marca como lido', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  const ana = await (await browser.newContext()).newPage();
  await login(admin, DEMO.admin);
  const firstUnread = ana.waitForResponse((r) => r.url().endsWith('/api/notifications/unread') && r.ok());
  await login(ana, DEMO.ana);
  await firstUnread;
  const before = await bellCount(ana);

  // The admin screen: the form refuses a notice without title or text with the spec's texts.
  await mainMenu(admin).filter({ hasText: 'Notificações' }).click();
  await expect(admin).toHaveURL(/\/notifications$/);
  await expect(admin.getByRole('heading', { name: 'Notificações' })).toBeVisible();
  await admin.getByRole('button', { name: 'Nova notificação' }).first().click();
  const form = admin.getByRole('dialog', { name: 'Nova notificação' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('O título é obrigatório.')).toBeVisible();
  await expect(form.getByText('Informe a descrição ou a imagem.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Título' }).fill(TITLE);
  await form.getByRole('textbox', { name: 'Descrição' }).fill(TEXT);
  await form.getByRole('combobox', { name: 'Empresas' }).fill('Demo');
  await admin.getByRole('option', { name: 'Empresa Demo', exact: true }).click();
  await shot(admin, 'notifications-form');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByText('Notificação criada com sucesso!')).toBeVisible();
  await expect(form).toHaveCount(0);
  const row = admin.getByRole('table', { name: 'Notificações' }).getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText('Comunicado');
  await expect(row).toContainText('Empresa Demo');
  await expect(row).toContainText('Ativa');
  await shot(admin, 'notifications-admin');

  // Ana, without reloading: the bell counts one more; the list, the detail, "Marcar como lida".
  await expect.poll(() => bellCount(ana)).toBe(before + 1);
  await bell(ana).click();
  const modal = ana.getByRole('dialog', { name: 'Notificações' });
  await modal.getByRole('listitem').filter({ hasText: TITLE }).click();
  const detail = ana.getByRole('dialog', { name: 'Notificação' });
  await expect(detail.getByText(TEXT)).toBeVisible();
  await shot(ana, 'notifications-detail');
  await detail.getByRole('button', { name: 'Marcar como lida' }).click();
  await expect(ana.getByText('Notificação marcada como lida.')).toBeVisible();
  await expect(ana.getByRole('dialog', { name: 'Notificações' }).getByText(TITLE)).toHaveCount(0);
  await expect.poll(() => bellCount(ana)).toBe(before);

  await admin.context().close();
  await ana.context().close();
});
