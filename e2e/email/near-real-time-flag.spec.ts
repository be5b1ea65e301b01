import { expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';

// The company flag "near-real-time e-mail" (spec 1 §7): on by default, switched in the settings' E-mail tab and
// kept in the company metadata the mailbox reader reads.

type Meta = Record<string, unknown> & { allow: Record<string, boolean> };

async function setFlag(baseURL: string, on: boolean) {
  const manager = await apiAs(baseURL, DEMO.manager);
  const meta = (await (await manager.get('/api/company/metadata')).json()) as Meta;
  const r = await manager.put('/api/company/metadata', {
    data: { ...meta, allow: { ...meta.allow, 'near-real-time-email': on } },
  });
  expect(r.ok()).toBe(true);
  await manager.dispose();
}

async function flagNow(baseURL: string) {
  const manager = await apiAs(baseURL, DEMO.manager);
  const meta = (await (await manager.get('/api/company/metadata')).json()) as Meta;
  await manager.dispose();
  return meta.allow['near-real-time-email'];
}

test.afterAll(async ({ baseURL }) => setFlag(baseURL ?? '', true));

test('o gestor desliga o e-mail quase em tempo real na aba E-mail e a escolha fica salva', async ({
  page,
  baseURL,
}) => {
  await setFlag(baseURL ?? '', true);
  await login(page, DEMO.manager);
  await page.goto('/settings?tab=email');
  const control = page.getByRole('switch', { name: 'E-mail quase em tempo real (IDLE)' });
  await expect(control).toBeChecked();
  await expect(
    page.getByText('Desligado, as caixas são verificadas a cada 5 minutos.', { exact: false }),
  ).toBeVisible();
  await control.uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configuração alterada com sucesso!').first()).toBeVisible();
  await expect.poll(() => flagNow(baseURL ?? '')).toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'E-mail quase em tempo real (IDLE)' })).not.toBeChecked();
});
