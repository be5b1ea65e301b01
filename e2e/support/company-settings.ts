import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './attendances';
import { DEMO } from './demo';

/**
 * For a spec that changes the demo company's settings: they are read before its tests and put back after them, so
 * the specs that run later see the seeded settings.
 */
export function keepDemoCompanySettings() {
  let original: Record<string, unknown> | null = null;
  test.beforeAll(async ({ baseURL }) => {
    const manager = await apiAs(baseURL ?? '', DEMO.manager);
    original = (await (await manager.get('/api/company/metadata')).json()) as Record<string, unknown>;
    await manager.dispose();
  });
  test.afterAll(async ({ baseURL }) => {
    if (!original) return;
    const manager = await apiAs(baseURL ?? '', DEMO.manager);
    const r = await manager.put('/api/company/metadata', { data: original });
    expect(r.ok()).toBe(true);
    await manager.dispose();
  });
}

/** Saves one settings card (a region named after its title) and waits for the spec's success text. */
export async function saveSettingsCard(page: Page, region: string) {
  await page.getByRole('region', { name: region }).getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configuração alterada com sucesso!').first()).toBeVisible();
}
