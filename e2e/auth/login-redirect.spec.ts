import { expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, fillCredentials } from '../support/demo';

// Spec 2 §4 Login: the server may answer a redirect to the company's new product URL.
test('a operadora de uma empresa que mudou de endereço é levada ao novo endereço ao entrar', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  if (!baseURL) throw new Error('baseURL');
  const admin = await apiAs(baseURL, DEMO.admin);
  const me = (await (await admin.get('/api/auth/me')).json()) as { companyId: number };
  const target = 'https://novo.prosa.example/entrar';
  // The new address is answered here: the test never leaves the machine.
  await page.route('https://novo.prosa.example/**', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<h1>Novo Prosa</h1>' }),
  );
  const set = await admin.put(`/api/companies/${me.companyId}/login-redirect`, {
    data: { redirect_url: target },
  });
  expect(set.ok()).toBe(true);
  try {
    await fillCredentials(page, DEMO.ana);
    await expect(page.getByText('Sua empresa agora usa um novo endereço. Redirecionando…')).toBeVisible();
    await expect(page).toHaveURL(target);
    await expect(page.getByRole('heading', { name: 'Novo Prosa' })).toBeVisible();
  } finally {
    await admin.put(`/api/companies/${me.companyId}/login-redirect`, { data: { redirect_url: null } });
  }
});
