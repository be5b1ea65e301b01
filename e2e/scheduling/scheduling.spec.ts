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
const TZ = 'America/Sao_Paulo';

type Json = Record<string, unknown>;

async function ok<T = Json>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** allow.scheduling and auto_dist.scheduling.send_queue of the demo company (settings owned by another tab). */
async function schedulingSettings(enabled: boolean, sendQueue: boolean) {
  await sql(
    `update companies set metadata = metadata
       || jsonb_build_object('allow', coalesce(metadata->'allow', '{}'::jsonb) || jsonb_build_object('scheduling', $1::boolean))
       || jsonb_build_object('auto_dist', coalesce(metadata->'auto_dist', '{}'::jsonb)
            || jsonb_build_object('scheduling', jsonb_build_object('send_queue', $2::boolean)))
     where name = 'Empresa Demo'`,
    [enabled, sendQueue],
  );
}

/** A visitor writes on the demo web chat; the card's id once the manager sees it. */
async function conversation(baseURL: string, manager: APIRequestContext, name: string) {
  const visitor = await playwrightRequest.newContext({ baseURL });
  const { token } = await ok<{ token: string }>(
    await visitor.post(`/api/webchat/${WEBCHAT_CODE}/visitors`, { data: { form: { nome: name } } }),
  );
  const sent = await ok<{ protocol: string }>(
    await visitor.post('/api/webchat/visitor/messages', {
      headers: { 'x-visitor-token': token },
      data: { text: 'Podem me ligar amanhã?', client_id: `e2e${Date.now().toString(36)}` },
    }),
  );
  await visitor.dispose();
  const list = await ok<{ items: { id: number; protocol: string }[] }>(
    await manager.get('/api/attendances?kind=web'),
  );
  const card = list.items.find((c) => c.protocol === sent.protocol);
  if (!card) throw new Error(`atendimento ${sent.protocol} não apareceu`);
  return card.id;
}

/** Hands an attendance to Ana. */
async function giveToAna(manager: APIRequestContext, id: number) {
  const [ana] = await sql<{ id: number }>('select id from users where email = $1', [DEMO.ana]);
  await ok(await manager.post(`/api/attendances/${id}/switch-operator`, { data: { operator_id: ana?.id } }));
}

async function finalize(manager: APIRequestContext, id: number) {
  const me = await ok<{ id: number; companyId: number }>(await manager.get('/api/auth/me'));
  const card = await ok<{ sector_id: number; closed_at: string | null }>(
    await manager.get(`/api/attendances/${id}`),
  );
  if (card.closed_at) return;
  const statuses = await ok<{ id: number; should_close: number }[]>(await manager.get('/api/statuses'));
  const status = statuses.find((s) => s.should_close === 1);
  await manager.post(`/api/set-status/${me.companyId}/${card.sector_id}/${me.id}`, {
    data: { status: status?.id, contact: id },
  });
}

const chatModal = (page: Page) => page.getByTestId('chat-modal');
const cardOf = (page: Page, name: string) => page.getByRole('button', { name: `Abrir conversa com ${name}` });

/** Tomorrow at 10:30 in the company's clock, picked in the schedule modal's calendar and time inputs. */
async function pickTomorrow(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Agendar retorno' });
  await dialog.getByRole('button', { name: 'Data e hora do retorno' }).click();
  const day = (offset: number) =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: TZ,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(Date.now() + offset * 86_400_000));
  const tomorrow = day(1);
  if (tomorrow.slice(3) !== day(0).slice(3)) await page.getByRole('button', { name: 'Próximo mês' }).click();
  await page.getByRole('button', { name: tomorrow, exact: true }).click();
  await page.getByRole('spinbutton', { name: 'Horas' }).click();
  await page.keyboard.type('1030');
  await page.getByRole('button', { name: 'Confirmar data e hora' }).click();
  await expect(page.getByRole('button', { name: 'Confirmar data e hora' })).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Data e hora do retorno' })).toContainText(
    `${tomorrow} 10:30`,
  );
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 } });

test('a operadora agenda um retorno: o atendimento sai da lista e volta na hora marcada, sem recarregar', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  await setDistribution(manager, false);
  await schedulingSettings(true, false);
  const name = `Retorno ${Date.now().toString(36)}`;
  const id = await conversation(baseURL ?? '', manager, name);
  // Only the web chat channel exists today, and web chat cannot be scheduled (spec 1 §2): the attendance
  // becomes a WhatsApp one in the database, which is all the scheduling rules look at.
  await sql(`update attendances set channel_kind = 'waweb' where id = $1`, [id]);
  await giveToAna(manager, id);

  await login(page, DEMO.ana);
  await cardOf(page, name).click();
  await chatModal(page).getByRole('button', { name: 'Agendar retorno' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agendar retorno' });
  await expect(dialog.getByText('Nenhum agendamento encontrado.')).toBeVisible();
  await pickTomorrow(page);
  await dialog.getByRole('combobox', { name: 'Setor do retorno' }).click();
  await page.getByRole('option', { name: 'Suporte' }).click();
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByText('Atendimento agendado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // One open schedule per attendance: the server's refusal is a warning with its text.
  await chatModal(page).getByRole('button', { name: 'Agendar retorno' }).click();
  const row = dialog.getByRole('table', { name: 'Agendamentos do contato' }).getByRole('row').nth(1);
  await expect(row).toContainText('Suporte');
  await expect(row).toContainText('Agendado');
  await pickTomorrow(page);
  await expect(page.getByText('Atendimento agendado com sucesso!')).toBeHidden();
  await page.screenshot({ path: 'docs/screenshots/schedule-modal.png' });
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByText('Este atendimento já possui um agendamento.')).toBeVisible();
  await expect(page.getByText('Alerta!').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await chatModal(page).getByRole('button', { name: 'Fechar conversa' }).click();

  // Waiting for its return it leaves the active list and shows only under "Agendados".
  await expect(cardOf(page, name)).toHaveCount(0);
  const filters = page.getByRole('radiogroup', { name: 'Filtros de atendimento' });
  await filters.getByText('Agendados').click();
  await expect(cardOf(page, name)).toBeVisible();
  await expect(cardOf(page, name)).toContainText('Agendado');
  await filters.getByText('Todos').click();
  await expect(cardOf(page, name)).toHaveCount(0);

  // The clock shortened: the return is moved to a few seconds from now (the server checks every second).
  const ana = await apiAs(baseURL ?? '', DEMO.ana);
  const { items } = await ok<{ items: { id: number; status: number }[] }>(
    await ana.get(`/api/attendances/${id}/schedules`),
  );
  const open = items.find((s) => s.status === 1);
  await ok(
    await ana.patch(`/api/schedules/${open?.id}`, {
      data: { return_at: new Date(Date.now() + 4000).toISOString() },
    }),
  );

  // It comes back by itself, marked as a return, in the sector chosen, still Ana's.
  await expect(cardOf(page, name)).toBeVisible({ timeout: 20_000 });
  await expect(cardOf(page, name)).toContainText('Retorno');
  const card = await ok<{ scheduled: number; operator_assigned_name: string }>(
    await ana.get(`/api/attendances/${id}`),
  );
  expect(card).toMatchObject({ scheduled: 2, operator_assigned_name: 'Ana' });

  await finalize(manager, id);
  await schedulingSettings(false, false);
  await ana.dispose();
  await manager.dispose();
});

test('campos do contato: um campo obrigatório aparece nas informações do atendimento e é exigido', async ({
  page,
  baseURL,
}) => {
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  await setDistribution(manager, false);
  const city = await ok<{ field: { id: number } }>(
    await manager.post('/api/contact-fields', {
      data: {
        key: 'cidade_e2e',
        label: 'Cidade',
        type: 'list',
        options: [{ value: 'São Paulo' }, { value: 'Recife' }],
        required: true,
      },
    }),
  );
  const cpf = await ok<{ field: { id: number } }>(
    await manager.post('/api/contact-fields', {
      data: { key: 'cpf_e2e', label: 'CPF', type: 'text', mask: '999.999.999-99' },
    }),
  );
  const name = `Campos ${Date.now().toString(36)}`;
  const id = await conversation(baseURL ?? '', manager, name);
  await giveToAna(manager, id);

  await login(page, DEMO.ana);
  await cardOf(page, name).click();
  await chatModal(page).getByRole('button', { name: 'Informações' }).click();
  const info = page.getByRole('dialog', { name: 'Informações do atendimento' });
  const form = info.getByRole('form', { name: 'Campos do contato' });
  await expect(form.getByRole('combobox', { name: 'Cidade' })).toBeVisible();
  await form.getByRole('button', { name: 'Salvar campos' }).click();
  await expect(page.getByText('Campo Cidade obrigatório!').first()).toBeVisible();

  await form.getByRole('combobox', { name: 'Cidade' }).click();
  await page.getByRole('option', { name: 'Recife' }).click();
  await form.getByRole('textbox', { name: 'CPF' }).fill('12345678900');
  await expect(form.getByRole('textbox', { name: 'CPF' })).toHaveValue('123.456.789-00');
  await expect(page.getByText('Campo Cidade obrigatório!')).toHaveCount(0);
  await page.screenshot({ path: 'docs/screenshots/contact-fields.png' });
  await form.getByRole('button', { name: 'Salvar campos' }).click();
  await expect(page.getByText('Os dados foram atualizados com sucesso!')).toBeVisible();
  const saved = await ok<{ values: Record<string, string> }>(
    await manager.get(`/api/attendances/${id}/contact-fields`),
  );
  expect(saved.values).toEqual({ cidade_e2e: 'recife', cpf_e2e: '123.456.789-00' });

  await finalize(manager, id);
  await ok(await manager.delete(`/api/contact-fields/${city.field.id}`));
  await ok(await manager.delete(`/api/contact-fields/${cpf.field.id}`));
  await manager.dispose();
});
