import { expect, test } from '@playwright/test';
import { DEMO, fillCredentials, login, mainMenu, readMailedCode } from '../support/demo';
import { totpCode } from '../support/totp';

// Uses the second demo company, so turning MFA on does not change the logins of the other tests.
test('com MFA ligado, o login pede o código enviado por e-mail', async ({ page }) => {
  await login(page, DEMO.otherAdmin);
  await mainMenu(page).filter({ hasText: 'Segurança' }).click();
  const mfa = page.getByRole('region', { name: 'Verificação em duas etapas (MFA)' });
  await mfa.getByRole('switch', { name: 'Exigir verificação em duas etapas no login' }).click();
  await mfa.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Empresa atualizada com sucesso!')).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const since = Date.now();
  await fillCredentials(page, DEMO.otherAdmin);
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await expect(
    page.getByText(/Enviamos um código de 6 dígitos para ad\*+@outraempresa\.com\.br/),
  ).toBeVisible();

  // The wrong code is chosen after reading the right one: a fixed "000000" is the mailed code now and then.
  const code = await readMailedCode(DEMO.otherAdmin, since);
  await page
    .getByLabel('Código de verificação')
    .first()
    .fill(code === '000000' ? '111111' : '000000');
  await expect(page.getByRole('alert')).toHaveText('Código inválido ou expirado.');

  await page.getByLabel('Código de verificação').first().fill(code);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: 'Atendimentos' })).toBeVisible();
});

// Runs after the test above, which turned MFA on for the second company.
test('com o aplicativo autenticador ativado, o login pede o código do aplicativo', async ({ page }) => {
  let since = Date.now();
  await fillCredentials(page, DEMO.otherAdmin);
  await page
    .getByLabel('Código de verificação')
    .first()
    .fill(await readMailedCode(DEMO.otherAdmin, since));
  await expect(page).toHaveURL(/\/chat$/);

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Aplicativo autenticador' });
  await card.getByRole('button', { name: 'Ativar aplicativo autenticador' }).click();
  const secret = (await card.getByTestId('totp-secret').textContent()) ?? '';
  const activatedAt = Date.now();
  const activationCode = totpCode(secret, activatedAt);
  await card.getByLabel('Código do aplicativo').fill(activationCode);
  await card.getByRole('button', { name: 'Ativar', exact: true }).click();
  await expect(page.getByText('Aplicativo autenticador ativado.')).toBeVisible();
  await expect(card.getByText('Ativado', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await fillCredentials(page, DEMO.otherAdmin);
  await expect(page.getByText('Digite o código do aplicativo autenticador.')).toBeVisible();

  // The e-mail code stays available on request.
  since = Date.now();
  await page.getByRole('button', { name: 'Receber código por e-mail' }).click();
  await expect(page.getByText(/Enviamos um novo código para ad\*+@outraempresa\.com\.br/)).toBeVisible();
  const mailed = await readMailedCode(DEMO.otherAdmin, since);
  await page.getByRole('button', { name: 'Voltar para o login' }).click();

  await fillCredentials(page, DEMO.otherAdmin);
  // A code is accepted once: the code used to activate is refused, the app's next one logs in.
  await page.getByLabel('Código de verificação').first().fill(activationCode);
  await expect(page.getByText('Código do aplicativo inválido.')).toBeVisible();
  await page
    .getByLabel('Código de verificação')
    .first()
    .fill(totpCode(secret, activatedAt + 30_000));
  await expect(page).toHaveURL(/\/chat$/);
  expect(mailed).toMatch(/^\d{6}$/);
});
