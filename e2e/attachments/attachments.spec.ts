import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';
import { pdfFile, pngFile } from '../support/files';

test.use({ viewport: { width: 1440, height: 900 } });

const chatModal = (page: Page) => page.getByTestId('chat-modal');
const messages = (page: Page) => chatModal(page).getByRole('log', { name: 'Mensagens' });
const widgetLog = (page: Page) => page.getByRole('log', { name: 'Conversa' });
const pendingModal = (page: Page) => page.getByRole('dialog', { name: /^Anexos/ });

/** A visitor on the demo site opens the widget and writes: an open web chat attendance. */
async function visitorStarts(browser: Browser, name: string, text: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/demo/webchat');
  await page.getByRole('button', { name: /conversa/ }).click();
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Iniciar conversa' }).click();
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.fill(text);
  await box.press('Enter');
  await expect(widgetLog(page).getByText(text)).toBeVisible();
  return page;
}

async function openCard(page: Page, name: string) {
  await page.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  await expect(chatModal(page).getByRole('heading', { name })).toBeVisible();
}

test('a operadora anexa um PDF, vê a prévia na conversa e o visitante do web chat o recebe', async ({
  browser,
  page,
}) => {
  const name = `Visitante Anexo ${Date.now()}`;
  const visitor = await visitorStarts(browser, name, 'Pode me mandar a proposta?');
  await login(page, DEMO.ana);
  await openCard(page, name);

  await chatModal(page)
    .getByTestId('attach-input')
    .setInputFiles({
      name: 'proposta.pdf',
      mimeType: 'application/pdf',
      buffer: pdfFile('Proposta comercial'),
    });
  const modal = pendingModal(page);
  await expect(modal).toBeVisible();
  const row = modal.getByTestId('pending-file');
  await expect(row).toContainText('proposta.pdf');
  await expect(row).toHaveAttribute('data-state', 'ready');
  await expect(row).toContainText('Pronto');
  await modal.getByRole('textbox', { name: 'Legenda' }).fill('Segue a proposta, qualquer dúvida estou aqui.');
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal).toBeHidden();

  // Inline in the conversation: the PDF preview and its download link.
  const sent = messages(page).getByTestId('message').filter({ hasText: 'Segue a proposta' });
  await expect(sent.locator('iframe[title="Pré-visualização de proposta.pdf"]')).toBeVisible();
  await expect(sent.getByText('proposta.pdf')).toBeVisible();
  const download = sent.getByRole('link', { name: 'Baixar' });
  await expect(download).toHaveAttribute('href', /^\/api\/files\/att\/.+\.pdf\?exp=\d+&sig=/);

  // The visitor receives it live, as a download link that serves the PDF.
  const link = widgetLog(visitor).getByRole('link', { name: 'proposta.pdf' });
  await expect(link).toBeVisible();
  await expect(widgetLog(visitor).getByText('Segue a proposta, qualquer dúvida estou aqui.')).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/files\//);
  const served = await visitor.request.get(href);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect((await served.body()).toString('latin1')).toContain('(Proposta comercial)');

  // The visitor sends a picture back: the operator sees it inline.
  await visitor.locator('prosa-webchat input[type="file"]').setInputFiles({
    name: 'comprovante.png',
    mimeType: 'image/png',
    buffer: pngFile(),
  });
  await expect(widgetLog(visitor).getByRole('img', { name: 'comprovante.png' })).toBeVisible();
  const image = messages(page).getByRole('img', { name: 'comprovante.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);

  await page.screenshot({ path: 'docs/screenshots/chat-attachments.png' });
  await visitor.screenshot({ path: 'docs/screenshots/webchat-attachment.png' });
  await visitor.context().close();
});

test('fechar a janela de anexos cancela o envio: nada é enviado', async ({ browser, page, baseURL }) => {
  const name = `Visitante Cancela ${Date.now()}`;
  const visitor = await visitorStarts(browser, name, 'Oi, tudo bem?');
  await login(page, DEMO.ana);
  await openCard(page, name);

  const input = chatModal(page).getByTestId('attach-input');
  // More than 5 files are refused before anything is uploaded.
  await input.setInputFiles(
    Array.from({ length: 6 }, (_, i) => ({
      name: `doc-${i + 1}.pdf`,
      mimeType: 'application/pdf',
      buffer: pdfFile(`Documento ${i + 1}`),
    })),
  );
  await expect(page.getByText('Máximo de 5 arquivos excedido.')).toBeVisible();
  await expect(pendingModal(page)).toBeHidden();

  // A type that is not accepted is refused with the spec text.
  await input.setInputFiles({
    name: 'planilha.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('x'),
  });
  await expect(
    page.getByText('Arquivo planilha.xlsx inválido! Extensões permitidas: BMP, GIF, JPG, MP4, PDF e PNG.'),
  ).toBeVisible();

  await input.setInputFiles([
    { name: 'foto.png', mimeType: 'image/png', buffer: pngFile() },
    { name: 'contrato.pdf', mimeType: 'application/pdf', buffer: pdfFile('Contrato') },
  ]);
  const modal = pendingModal(page);
  await expect(modal.getByTestId('pending-file')).toHaveCount(2);
  await expect(modal.locator('[data-state="ready"]')).toHaveCount(2);
  await modal.getByRole('textbox', { name: 'Legenda' }).fill('Não vou mandar isto');
  await page.screenshot({ path: 'docs/screenshots/pending-media.png' });

  // Removing one file keeps the other.
  await modal.getByRole('button', { name: 'Remover contrato.pdf' }).click();
  await expect(modal.getByTestId('pending-file')).toHaveCount(1);

  await modal.getByRole('button', { name: 'Cancelar anexos' }).click();
  await expect(modal).toBeHidden();
  await page.waitForTimeout(1000);

  // Nothing reached the conversation: not on screen, not on the server, not at the visitor.
  await expect(
    messages(page)
      .getByTestId('message')
      .filter({ has: page.locator('img') }),
  ).toHaveCount(0);
  const staff = await apiAs(baseURL ?? '', DEMO.ana);
  const list = (await (await staff.get('/api/attendances?kind=web')).json()) as {
    items: { id: number; name: string }[];
  };
  const card = list.items.find((c) => c.name === name);
  expect(card).toBeDefined();
  const msgs = (await (await staff.get(`/api/attendances/${card?.id}/messages`)).json()) as {
    items: { sender_type: number }[];
  };
  expect(msgs.items.filter((m) => m.sender_type === 1)).toHaveLength(0);
  await expect(widgetLog(visitor).getByRole('link')).toHaveCount(0);
  await staff.dispose();
  await visitor.context().close();
});
