import { expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';
import { pngFile } from '../support/files';

// White-label: the admin sets the company's title and logo; they show in the header, the browser tab and
// the login page of the company.

const TITLE = 'Demo Atendimento';

async function demoCompanyId(baseURL: string): Promise<number> {
  const admin = await apiAs(baseURL, DEMO.admin);
  const body = (await (await admin.get('/api/companies?search=Empresa%20Demo')).json()) as {
    items: { id: number; name: string }[];
  };
  await admin.dispose();
  const id = body.items.find((c) => c.name === 'Empresa Demo')?.id;
  if (!id) throw new Error('Empresa Demo não encontrada');
  return id;
}

// Other specs expect the product's own look: the company goes back to no white-label.
test.afterAll(async ({ baseURL }) => {
  const id = await demoCompanyId(baseURL ?? '');
  const admin = await apiAs(baseURL ?? '', DEMO.admin);
  await admin.delete(`/api/companies/${id}/white-label/logo`);
  const r = await admin.patch(`/api/companies/${id}`, { data: { view_data: { title: '' } } });
  expect(r.ok()).toBe(true);
  await admin.dispose();
});

test('o administrador envia o logo e o título: o cabeçalho, a aba do navegador e o login da empresa mostram', async ({
  page,
  baseURL,
}) => {
  // Logins, uploads and a logout: more than the default time on a busy machine.
  test.slow();
  const id = await demoCompanyId(baseURL ?? '');
  await login(page, DEMO.admin);
  await expect(page).toHaveTitle(/^(\(\d+\) )?Prosa$/);
  await page.goto(`/companies/${id}?redirect=white-label`);
  await expect(page.getByRole('tab', { name: 'Identidade visual' })).toHaveAttribute('aria-selected', 'true');

  await page.getByLabel('Título').fill(TITLE);
  await page.getByRole('button', { name: 'Salvar título' }).click();
  await expect(page.getByText('Empresa atualizada com sucesso!')).toBeVisible();

  const slot = page.getByRole('group', { name: 'Logo', exact: true });
  const chooser = page.waitForEvent('filechooser');
  await slot.getByRole('button', { name: 'Enviar logo' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngFile(120, 40) });
  await expect(slot.getByRole('img', { name: 'Logo atual' })).toBeVisible();

  // The header: the uploaded logo (loaded) and the title.
  const header = page.getByRole('banner');
  const logo = header.getByRole('img', { name: `Logo de ${TITLE}` });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  await expect(header.getByText(TITLE, { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?${TITLE}$`));
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
    'href',
    /\/api\/companies\/\d+\/white-label\/logo/,
  );

  // The company's login page (?empresa=): its title and logo, before anyone logs in.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(`/login?empresa=${id}`);
  const brand = page.getByTestId('company-brand');
  await expect(brand.getByText(TITLE)).toBeVisible();
  const loginLogo = brand.getByRole('img', { name: `Logo de ${TITLE}` });
  await expect.poll(() => loginLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?${TITLE}$`));
  // Another address shows the product's look.
  await page.goto('/login');
  await expect(page.getByTestId('company-brand')).toHaveCount(0);
  await expect(page).toHaveTitle(/^(\(\d+\) )?Prosa$/);
});
