import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO } from '../support/demo';
import { pngFile } from '../support/files';
import { createDebtMailing, createNegotiator, DEBTORS } from './negotiator-fixtures';

// A customer opens the negotiator's public hotsite, tries a wrong document, then hers: sees her debts and the
// offers, chooses one and gets the slip (amount, due date, linha digitável) and its PDF.

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-d';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('o cliente consulta seus débitos no hotsite do negociador e emite o boleto', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  const mailing = await createDebtMailing(manager);
  // The hotsite's logo, uploaded as the negotiator's form does.
  const upload = await manager.post('/api/negotiator-upload', {
    multipart: {
      key: 'logo_image',
      file: { name: 'logo.png', mimeType: 'image/png', buffer: pngFile(240, 80) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const logo = ((await upload.json()) as { url: string }).url;
  const negotiator = await createNegotiator(manager, {
    mailingId: mailing.id,
    body: { bgimage: null, logo_image: logo },
  });
  await manager.dispose();
  expect(negotiator.link).toBe(`/negociar/${negotiator.hash}`);
  const maria = DEBTORS[0];
  if (!maria) throw new Error('devedora de exemplo');

  for (const viewport of [
    { name: 'celular', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 900 },
  ]) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      acceptDownloads: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await page.goto(negotiator.link);
    await expect(
      page.getByRole('heading', { name: 'Negocie seus débitos com a Empresa Demo' }),
    ).toBeVisible();
    const logoImage = page.getByRole('img', { name: 'Empresa Demo' });
    await expect(logoImage).toBeVisible();
    expect(await logoImage.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(240);
    const document = page.getByRole('textbox', { name: 'CPF ou CNPJ' });

    // The mask formats as typed; a CPF with wrong check digits gets the phrase.
    await document.pressSequentially('12345678900');
    await expect(document).toHaveValue('123.456.789-00');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('alert').first()).toHaveText(
      'Documento inválido. Confira e tente novamente.',
    );
    await shot(page, `1-documento-invalido-${viewport.name}`);

    await document.fill('');
    await document.pressSequentially(maria.cpf);
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(
      page.getByRole('heading', { name: `Olá, ${maria.name}. Estes são os seus débitos:` }),
    ).toBeVisible();
    await expect(page.getByText('100234', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('100871', { exact: true }).first()).toBeVisible();
    const offers = page.getByRole('group', { name: 'Escolha como pagar' });
    await expect(offers.getByRole('radio')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Emitir boleto' })).toBeDisabled();
    await expect(
      offers.getByRole('radio', { name: /^Parcelado em 3x\s*100234\s*3 x R\$ 320,00$/ }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Não quero negociar agora' })).toBeVisible();
    await shot(page, `2-debitos-ofertas-${viewport.name}`);

    await offers.getByRole('radio', { name: /^À vista\s*100234\s*R\$ 850,00$/ }).check();
    await page.getByRole('button', { name: 'Emitir boleto' }).click();
    await expect(page.getByRole('heading', { name: /^Boleto emitido! Valor R\$ 850,00/ })).toBeVisible();
    // The query and the offers give way to the slip.
    await expect(document).toBeHidden();
    await expect(offers).toBeHidden();
    const line = page.locator('#ng-slip-line');
    // Bradesco (237), real (9); the last field is the due factor and the amount (R$ 850,00).
    await expect(line).toHaveText(/^2379\d\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{4}0000085000$/);
    await page.getByRole('button', { name: 'Copiar linha digitável' }).click();
    await expect(page.getByRole('button', { name: 'Linha digitável copiada!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await line.textContent());
    await shot(page, `3-boleto-${viewport.name}`);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Baixar boleto (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^boleto-\d+\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  }
});
