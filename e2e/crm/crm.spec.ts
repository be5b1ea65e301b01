import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { apiAs } from '../support/attendances';
import { sql } from '../support/database';
import { DEMO, login } from '../support/demo';
import { setDistribution } from '../support/distribution';

const WEBCHAT_CODE = 'demo-empresa';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A visitor writes on the demo web chat and the manager hands the conversation to Ana; its id. */
async function conversationForAna(baseURL: string, manager: APIRequestContext, name: string) {
  const visitor = await playwrightRequest.newContext({ baseURL });
  const { token } = await ok<{ token: string }>(
    await visitor.post(`/api/webchat/${WEBCHAT_CODE}/visitors`, { data: { form: { nome: name } } }),
  );
  const sent = await ok<{ protocol: string }>(
    await visitor.post('/api/webchat/visitor/messages', {
      headers: { 'x-visitor-token': token },
      data: { text: 'Quero um orçamento do plano anual', client_id: `crm${Date.now().toString(36)}` },
    }),
  );
  await visitor.dispose();
  const list = await ok<{ items: { id: number; protocol: string }[] }>(
    await manager.get('/api/attendances?kind=web'),
  );
  const card = list.items.find((c) => c.protocol === sent.protocol);
  if (!card) throw new Error(`atendimento ${sent.protocol} não apareceu`);
  const [ana] = await sql<{ id: number }>('select id from users where email = $1', [DEMO.ana]);
  await ok(
    await manager.post(`/api/attendances/${card.id}/switch-operator`, { data: { operator_id: ana?.id } }),
  );
  return card.id;
}

const chatModal = (page: Page) => page.getByTestId('chat-modal');

test.use({ viewport: { width: 1440, height: 900 } });

test('uma oportunidade criada e vinculada a partir do chat abre em nova aba', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // The CRM on in the demo company, and Ana with CRM view and edit (the demo seed gives it; kept here for reruns).
  await sql(
    `update companies set metadata = metadata || jsonb_build_object('allow',
       coalesce(metadata->'allow', '{}'::jsonb) || '{"allowCosmosCRM": true}'::jsonb) where name = 'Empresa Demo'`,
  );
  await sql(
    `update users set settings = settings || '{"crm": {"view": true, "edit": true}}'::jsonb where email = $1`,
    [DEMO.ana],
  );
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  await setDistribution(manager, false);
  const name = `Oportunidade ${Date.now().toString(36)}`;
  await conversationForAna(baseURL ?? '', manager, name);

  await login(page, DEMO.ana);
  await page.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  await chatModal(page).getByRole('button', { name: 'Oportunidades' }).click();
  const side = page.getByRole('dialog', { name: 'Oportunidades' });
  await expect(side.getByText('Nenhuma oportunidade encontrada')).toBeVisible();
  await side.getByRole('button', { name: 'Nova oportunidade' }).click();

  const form = page.getByRole('dialog', { name: 'Nova oportunidade' });
  await expect(form.getByRole('textbox', { name: 'Contato' })).toHaveValue(name);
  await form.getByRole('textbox', { name: 'Título' }).fill('Plano anual');
  await form.getByRole('textbox', { name: 'Produto' }).fill('Plano Pro');
  await form.getByRole('textbox', { name: 'Valor' }).fill('1500');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Oportunidade salva com sucesso')).toBeVisible();
  await expect(form).toBeHidden();

  const row = side.getByTestId('opportunity-row').filter({ hasText: 'Plano anual' });
  await expect(row).toContainText('Vinculada a este atendimento');
  await expect(row).toContainText(/R\$\s1\.500,00/);

  // "Abrir": the detail in a new tab at /crm?leadId=…
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    row.getByRole('button', { name: 'Abrir' }).click(),
  ]);
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(/\/crm\?leadId=\d+$/);
  const detail = tab.getByTestId('lead-detail');
  await expect(detail.getByRole('heading', { name: 'Plano anual' })).toBeVisible();
  await expect(detail).toContainText('Plano Pro');
  await expect(detail).toContainText(name);
  await expect(detail).toContainText('Novo');
  await expect(detail).toContainText('Ana Operadora');
  // On the board behind the drawer, the card sits in the column Novo.
  await tab.keyboard.press('Escape');
  await expect(tab).toHaveURL(/\/crm$/);
  const column = tab.getByRole('region', { name: 'Coluna Novo' });
  await expect(column.getByRole('button', { name: 'Abrir oportunidade Plano anual' }).first()).toBeVisible();
});
