import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { apiAs } from './attendances';
import { DEMO, DEMO_PASSWORD } from './demo';

type Json = Record<string, unknown>;

async function ok<T = Json>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Finalizes every open attendance of the demo company, so the distribution starts from an empty queue and
 * operators without load (the cycle serves the oldest card first, and earlier specs leave cards behind).
 */
export async function closeOpenAttendances(manager: APIRequestContext) {
  const me = await ok<{ id: number; companyId: number }>(await manager.get('/api/auth/me'));
  const statuses = await ok<{ id: number; should_close: number }[]>(await manager.get('/api/statuses'));
  const finalize = statuses.find((s) => s.should_close === 1);
  if (!finalize) throw new Error('status de finalização não encontrado');
  for (let round = 0; round < 50; round++) {
    const page = await ok<{ items: { id: number; sector_id: number }[] }>(
      await manager.get('/api/attendances?filter=all&page=1'),
    );
    if (page.items.length === 0) return;
    for (const card of page.items) {
      await manager.post(`/api/set-status/${me.companyId}/${card.sector_id}/${me.id}`, {
        data: { status: finalize.id, contact: card.id },
      });
    }
  }
  throw new Error('atendimentos abertos demais para fechar');
}

/** Distribution as the tests need it: limit per operator, clients that do not answer left out. */
export async function setDistribution(manager: APIRequestContext, enabled: boolean, limit = 2) {
  await ok(
    await manager.put('/api/auto-dist', {
      data: {
        enabled,
        chat_per_user: enabled ? limit : 0,
        allow_if_answered: true,
        allow_if_client_not_respond: false,
      },
    }),
  );
}

export async function turnPauseControlOff(manager: APIRequestContext) {
  await ok(
    await manager.put('/api/control-pause', {
      data: {
        is_active: false,
        use_reason: false,
        use_password: false,
        use_limit_pause: { enabled: false, limit_minutes: null },
      },
    }),
  );
}

/** Ana back to how the seed left her: out of any pause and off-line. */
export async function resetAna(baseURL: string) {
  const ana = await apiAs(baseURL, DEMO.ana);
  const me = await ok<{ id: number }>(await ana.get('/api/auth/me'));
  const pause = await ok<{ paused: boolean; reason: { id: number } | null }>(await ana.get('/api/pause'));
  if (pause.paused) await ana.post('/api/pause/leave', { data: { password: DEMO_PASSWORD } });
  await ok(await ana.post('/api/users/set-status', { data: { user_id: me.id, status: 'offline' } }));
  await ana.dispose();
}

/** A visitor on the demo site opens the widget, fills the form and writes the first message. */
export async function visitorWrites(browser: Browser, name: string, text: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/demo/webchat');
  await page.getByRole('button', { name: /conversa/ }).click();
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Iniciar conversa' }).click();
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('log', { name: 'Conversa' }).getByText(text)).toBeVisible();
  return page;
}

/** The header's on-line switch of the logged-in user. */
export async function goOnline(page: Page) {
  const status = page.getByRole('switch', { name: 'Status on-line' });
  await status.check();
  await expect(status).toBeChecked();
  await expect(page.getByRole('group', { name: 'Status de atendimento' })).toContainText('On-line');
}

/** A row of the monitoring dashboard's operators table. */
export const operatorRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Operadores' }).getByRole('row').filter({ hasText: name });
