import { expect, type Page, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { type Dovecot, startDovecot } from '../../apps/server/test/peers/imap/dovecot';
import { type SmtpRelay, startSmtpRelay } from '../../apps/server/test/peers/imap/smtp-relay';
import { DEMO, login } from '../support/demo';
import { pdfFile } from '../support/files';

// The e-mail channel through the screens: the manager registers the support mailbox (a private Dovecot started
// here) and its SMTP server (a relay that delivers into Dovecot); a customer's e-mail becomes a card; Ana answers
// with a PDF; the answer arrives in the customer's mailbox in the thread (In-Reply-To, Re: subject) with the PDF.

test.use({ viewport: { width: 1440, height: 900 } });

const SUPPORT = `suporte-${Date.now()}@empresademo.com.br`;
const CUSTOMER = 'cliente.email@exemplo.com.br';
const PROSPECT = 'prospecto@exemplo.com.br';
let dovecot: Dovecot;
let relay: SmtpRelay;

test.beforeAll(async () => {
  dovecot = await startDovecot();
  await dovecot.addUser(SUPPORT, 'senha-suporte');
  await dovecot.addUser(CUSTOMER, 'senha-cliente');
  await dovecot.addUser(PROSPECT, 'senha-prospecto');
  relay = await startSmtpRelay(dovecot, () => new Set([CUSTOMER, PROSPECT]));
});
test.afterAll(async () => {
  await relay?.close();
  await dovecot?.stop();
});

const chatModal = (page: Page) => page.getByTestId('chat-modal');

async function registerMailbox(page: Page) {
  await login(page, DEMO.manager);
  await page.goto('/channels/email');
  await page.getByRole('button', { name: 'Nova configuração' }).first().click();
  await expect(page.getByRole('heading', { name: 'Nova configuração de e-mail' })).toBeVisible();
  await page.getByLabel('Nome').first().fill('Suporte por e-mail');
  await page.getByRole('combobox', { name: 'Setor' }).click();
  await page.getByRole('option', { name: 'Suporte', exact: true }).click();
  await page.getByLabel('Servidor IMAP').fill('127.0.0.1');
  await page.getByLabel('Porta IMAP').fill(String(dovecot.port));
  await page.getByLabel('Usuário IMAP').fill(SUPPORT);
  await page.getByLabel('Senha IMAP').fill('senha-suporte');
  await page.getByLabel('IMAP com conexão segura (TLS)').uncheck({ force: true });
  await page.getByLabel('Servidor SMTP').fill('127.0.0.1');
  await page.getByLabel('Porta SMTP').fill(String(relay.port));
  await page.getByLabel('SMTP com conexão segura (TLS)').uncheck({ force: true });
  await page.getByLabel('Nome do remetente').fill('Suporte Empresa Demo');
  await page.getByLabel('E-mail do remetente').fill(SUPPORT);
  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByText('Conexões IMAP e SMTP funcionando.')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configuração de e-mail salva com sucesso!')).toBeVisible();
  const row = page.getByRole('row', { name: /Suporte por e-mail/ });
  await expect(row).toContainText(SUPPORT);
  // The workers' reader connects to the mailbox.
  await expect(row.getByText('Conectado')).toBeVisible({ timeout: 30_000 });
}

test('o e-mail do cliente vira card e a resposta com anexo chega na caixa dele, na mesma conversa', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerMailbox(page);

  const raw = await new MailComposer({
    from: { name: 'Cliente E-mail', address: CUSTOMER },
    to: SUPPORT,
    subject: 'Nota fiscal do pedido 777',
    text: 'Bom dia! Preciso da nota fiscal do pedido 777.',
    html: '<p>Bom dia! Preciso da <b>nota fiscal</b> do pedido 777.</p><script>alert(1)</script>',
    messageId: '<pedido-777@exemplo.com.br>',
  })
    .compile()
    .build();
  await dovecot.append(SUPPORT, 'INBOX', raw);

  await page.context().clearCookies();
  await login(page, DEMO.ana);
  const card = page.getByRole('button', { name: 'Abrir conversa com Cliente E-mail' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.click();
  const modal = chatModal(page);
  await expect(modal.getByRole('heading', { name: 'Cliente E-mail' })).toBeVisible();
  const mail = modal.getByTestId('email-message');
  await expect(mail.getByText('Nota fiscal do pedido 777', { exact: true })).toBeVisible();
  await expect(mail.locator('b', { hasText: 'nota fiscal' })).toBeVisible();
  await expect(mail.locator('script')).toHaveCount(0);

  await modal.getByTestId('attach-input').setInputFiles({
    name: 'nota-777.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('Nota fiscal 777'),
  });
  const pending = page.getByRole('dialog', { name: /^Anexos/ });
  await expect(pending.getByTestId('pending-file')).toHaveAttribute('data-state', 'ready');
  await pending.getByRole('textbox', { name: 'Legenda' }).fill('Segue a nota fiscal do pedido 777.');
  await pending.getByRole('button', { name: 'Enviar' }).click();
  await expect(pending).toBeHidden();

  // In the customer's mailbox: once, in the thread, with the PDF.
  await expect.poll(async () => (await dovecot.messages(CUSTOMER)).length, { timeout: 30_000 }).toBe(1);
  const [reply] = await dovecot.messages(CUSTOMER);
  expect(reply?.subject).toBe('Re: Nota fiscal do pedido 777');
  expect(reply?.inReplyTo).toBe('<pedido-777@exemplo.com.br>');
  expect(reply?.from?.value[0]?.address).toBe(SUPPORT);
  expect(reply?.text).toContain('Segue a nota fiscal do pedido 777.');
  expect(reply?.attachments.map((a) => a.filename)).toEqual(['nota-777.pdf']);
  const pdf = reply?.attachments[0]?.content.toString('latin1') ?? '';
  expect(pdf).toContain('(Nota fiscal 777)');
  expect((await simpleParser(relay.received[0]?.raw ?? '')).messageId).toBe(reply?.messageId);

  // An active e-mail from the chat screen: an invalid copy is named by its field, then it goes and opens a card.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: 'E-mail ativo' }).click();
  const active = page.getByRole('dialog', { name: 'E-mail ativo' });
  await active.getByRole('combobox', { name: 'Setor' }).click();
  await page.getByRole('option', { name: 'Suporte', exact: true }).click();
  const para = active.getByLabel('Para');
  await para.fill(PROSPECT);
  await para.press('Enter');
  const copia = active.getByLabel('Cópia', { exact: true });
  await copia.fill('sem-arroba');
  await copia.press('Enter');
  await active.getByRole('textbox', { name: 'Assunto' }).fill('Condições especiais');
  await active.getByRole('textbox', { name: 'Mensagem' }).fill('Olá! Temos condições especiais para você.');
  await active.getByRole('button', { name: 'Enviar' }).click();
  await expect(active.getByText('E-mail inválido no campo Cópia: sem-arroba')).toBeVisible();
  await copia.press('Backspace');
  await active.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('E-mail enviado com sucesso!')).toBeVisible();
  await expect(page.getByRole('button', { name: `Abrir conversa com ${PROSPECT}` })).toBeVisible();
  await expect
    .poll(async () => (await dovecot.messages(PROSPECT)).map((m) => m.subject), { timeout: 30_000 })
    .toEqual(['Condições especiais']);

  // The e-mail config's triggers open from its row (copying them to another config happens there): a manager's.
  await page.context().clearCookies();
  await login(page, DEMO.manager);
  await page.goto('/channels/email');
  await page.getByRole('button', { name: 'Gatilhos Suporte por e-mail' }).click();
  await expect(page).toHaveURL(/\/triggers\?type=email&id=\d+/);
  await expect(page.getByRole('combobox', { name: 'Canal', exact: true })).toHaveValue(/Suporte por e-mail/);
  await expect(page.getByRole('tab', { name: /Gatilhos de texto/ })).toBeVisible();
});
