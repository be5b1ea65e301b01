import { expect, type Page, test } from '@playwright/test';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../apps/server/test/peers/whatsapp-cloud-peer';
import { sql } from '../support/database';
import { DEMO, DEMO_PASSWORD, login, mainMenu } from '../support/demo';

// A WhatsApp Enterprise campaign from the screens to the Cloud API peer: the manager creates it for a small
// mailing, the engine sends the template to each contact, and the details page follows the progress to 100 % live.

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const APP_SECRET = `segredo-campanha-${Date.now()}`;
const STAMP = Date.now().toString(36);
const CHANNEL = `WhatsApp Campanhas ${STAMP}`;
const TEMPLATE = `promo_${STAMP}`;
const MAILING = `Clientes VIP ${STAMP}`;
const PEOPLE = [
  ['Maria Souza', '(81) 99999-0001'],
  ['João Lima', '81 99999-0002'],
  ['Carla Dias', '5581999990003'],
] as const;

let peer: WhatsAppPeer;
let hook = '';

test.beforeAll(async ({ browser, baseURL }) => {
  peer = await startWhatsAppPeer();
  const context = await browser.newContext();
  const request = context.request;
  const loginRes = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: DEMO.manager, password: DEMO_PASSWORD },
  });
  expect(loginRes.ok()).toBe(true);
  const sectors = (await (await request.get(`${baseURL}/api/sectors`)).json()) as {
    id: number;
    name: string;
  }[];
  const res = await request.post(`${baseURL}/api/channels/waent`, {
    data: {
      name: CHANNEL,
      default_sector_id: sectors.find((s) => s.name === 'Comercial')?.id,
      broker: 'meta',
      phone_number: '+55 11 4000-5678',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: APP_SECRET,
      verify_token: 'verifica-campanha',
      api_base_url: peer.url,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const channelId = ((await res.json()) as { id: number }).id;
  hook = `${baseURL}/api/webhooks/waent/${channelId}`;
  // As Meta does: each accepted message's statuses (sent, delivered) come back to the channel's webhook.
  peer.sendStatusesTo({ url: hook, appSecret: APP_SECRET, delivered: true });
  await context.close();

  // An approved template of the channel's WABA and a small imported mailing (no screen creates them in one step).
  const [company] = await sql<{ id: number }>(`select id from companies where name = 'Empresa Demo'`);
  await sql(
    `insert into hsm_templates (owner_company_id, name, element_name, language, category, template, waba_id, external_status)
     values ($1, $2, $2, 'pt_BR', 'MARKETING', 'Olá {{1}}, aproveite {{2}} na nossa loja!', $3, 'APPROVED')`,
    [company?.id, TEMPLATE, peer.wabaId],
  );
  const [mailing] = await sql<{ id: number }>(
    `insert into mailings (company_id, title, file_name, fields, params, processing, row_count, processed_rows)
     values ($1, $2, 'clientes.csv', $3, $4, 'done', $5, $5) returning id`,
    [
      company?.id,
      MAILING,
      JSON.stringify(['nome', 'telefone']),
      JSON.stringify([
        { field: 0, label: 'nome', display: true, is_key_to_channel: [] },
        { field: 1, label: 'telefone', display: true, is_key_to_channel: ['waent'] },
      ]),
      PEOPLE.length,
    ],
  );
  for (const [i, row] of PEOPLE.entries())
    await sql(
      `insert into mailing_rows (company_id, mailing_id, row_number, values) values ($1, $2, $3, $4)`,
      [company?.id, mailing?.id, i + 1, JSON.stringify(row)],
    );
});
test.afterAll(async () => {
  await peer?.stop();
});

/** Picks a day of next month in a DateTimePicker and confirms it. */
async function pickNextMonth(page: Page, label: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('button', { name: 'Próximo mês' }).click();
  const next = new Date();
  next.setDate(1);
  next.setMonth(next.getMonth() + 1);
  const day = `15/${String(next.getMonth() + 1).padStart(2, '0')}/${next.getFullYear()}`;
  await page.getByRole('button', { name: day }).click();
  await page.getByRole('button', { name: 'Confirmar data e hora' }).click();
}

async function choose(
  page: Page,
  scope: ReturnType<Page['getByRole']>,
  label: string,
  option: string | RegExp,
) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test('o gestor cria uma campanha de WhatsApp Enterprise para um mailing e acompanha o envio até 100 %', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'Campanhas' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('heading', { name: 'Campanhas', exact: true })).toBeVisible();
  // The list opens on the last 10 days (spec 3 §2).
  // Days as the browser counts them (its timezone is the company's, America/Sao_Paulo), not this process's clock.
  const br = (d: Date) =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(d);
  await expect(page.getByRole('button', { name: 'Data inicial' })).toHaveText(
    br(new Date(Date.now() - 9 * 86_400_000)),
  );
  await expect(page.getByRole('button', { name: 'Data final' })).toHaveText(br(new Date()));
  await expect(page.getByText('Nenhuma campanha encontrada no período.')).toBeVisible();
  await shot(page, 'campaigns-list-empty');

  await page.getByRole('tab', { name: 'Nova campanha' }).click();
  const form = page.getByRole('form', { name: 'Nova campanha' });
  // Spec 3 §5 in the form: the title and the channel type first.
  await form.getByRole('button', { name: 'Criar campanha' }).click();
  await expect(form.getByText('Informe o título da campanha.')).toBeVisible();
  await expect(form.getByText('Selecione o tipo de canal da campanha.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Título' }).fill(`Black Friday ${STAMP}`);
  await choose(page, form, 'Tipo de canal', 'WhatsApp Enterprise');
  await choose(page, form, 'Canal', CHANNEL);
  await choose(page, form, 'Mailing', new RegExp(MAILING));
  // The column keyed to WhatsApp Enterprise is chosen by itself.
  await expect(form.getByRole('combobox', { name: 'Coluna do telefone' })).toHaveValue('telefone');
  await pickNextMonth(page, 'Data limite');
  await choose(page, form, 'Modelo (HSM)', new RegExp(TEMPLATE));
  await expect(form.getByLabel('Pré-visualização do modelo')).toContainText('aproveite');
  await choose(page, form, 'Variável {{1}}', 'nome');
  await form.getByText('Texto fixo').nth(1).click();
  await form.getByRole('textbox', { name: 'Variável {{2}}' }).fill('20% de desconto');
  await shot(page, 'campaigns-form-waent');
  await form.getByRole('button', { name: 'Criar campanha' }).click();
  await expect(page.getByText('Campanha criada com sucesso!')).toBeVisible();

  const table = page.getByRole('table', { name: 'Campanhas' });
  const row = table.getByRole('row', { name: new RegExp(`Black Friday ${STAMP}`) });
  await expect(row).toContainText('WhatsApp Enterprise');
  await expect(row).toContainText(MAILING);
  await shot(page, 'campaigns-list');

  await row.getByRole('link', { name: `Black Friday ${STAMP}` }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(page.getByRole('heading', { name: `Black Friday ${STAMP}` })).toBeVisible();
  // The engine sends to the three contacts; the page follows without a reload.
  await expect(page.getByLabel('Percentual concluído')).toHaveText('100%', { timeout: 90_000 });
  await expect(page.getByLabel('Contatos: 3')).toBeVisible();
  await expect(page.getByLabel('Enviados: 3')).toBeVisible();
  await expect(page.getByLabel('Contatos por status')).toHaveText('Enviado: 3');
  // Deliveries and reads arrive after the sending ended (100 %: no more polling), so the page is opened again.
  const maria = peer.sent.find((s) => s.type === 'template' && s.to === '5581999990001');
  const read = await peer.deliver(
    hook,
    peer.statusPayload([
      {
        wamid: maria?.wamid ?? '',
        status: 'read',
        to: '5581999990001',
        ...(typeof maria?.body.biz_opaque_callback_data === 'string'
          ? { ref: maria.body.biz_opaque_callback_data }
          : {}),
      },
    ]),
    { appSecret: APP_SECRET },
  );
  expect(read.status).toBe(200);
  await expect(async () => {
    await page.reload();
    await expect(page.getByLabel('Lidos: 1')).toBeVisible({ timeout: 2000 });
    await expect(page.getByLabel('Entregues: 3')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const contacts = page.getByRole('table', { name: 'Contatos da campanha' });
  await expect(contacts.getByRole('row')).toHaveCount(PEOPLE.length + 1);
  await expect(contacts.getByRole('row', { name: /Maria Souza/ })).toContainText('+55 (81) 99999-0001');
  await expect(contacts.getByRole('row', { name: /Maria Souza/ })).toContainText('Lido');
  await expect(contacts.getByRole('row', { name: /João Lima/ })).toContainText('Enviado');
  await shot(page, 'campaigns-details');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // Each contact got the template once, with its name and the fixed text.
  const templates = peer.sent.filter((s) => s.type === 'template');
  expect(templates.map((s) => s.to).sort()).toEqual(['5581999990001', '5581999990002', '5581999990003']);
  expect(JSON.stringify(templates.find((s) => s.to === '5581999990001')?.body)).toContain('Maria Souza');
  expect(JSON.stringify(templates[0]?.body)).toContain('20% de desconto');
});

test('um operador não abre as campanhas', async ({ page }) => {
  await login(page, DEMO.ana);
  await page.goto('/campaigns');
  await expect(page).toHaveURL(/\/chat$/);
});

test('o gestor edita uma campanha agendada e depois a exclui', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, DEMO.manager);
  const [template] = await sql<{ id: number }>(`select id from hsm_templates where name = $1`, [TEMPLATE]);
  const [mailing] = await sql<{ id: number }>(`select id from mailings where title = $1`, [MAILING]);
  const [channel] = await sql<{ id: number }>(`select id from channels where name = $1`, [CHANNEL]);
  const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
  const created = await page.request.post(`${baseURL}/api/campaigns`, {
    data: {
      title: `Natal ${STAMP}`,
      channel: 'waent',
      channel_id: channel?.id,
      mailing_id: mailing?.id,
      valid_to: inDays(20),
      schedule_date: inDays(10),
      whatsapp: {
        active: true,
        campaign_type: 'hsm',
        hsm_template: template?.id,
        mailing_columns: [{ column: 'nome' }, { text: 'NATAL10' }],
        field: 'telefone',
      },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto('/campaigns');
  const table = page.getByRole('table', { name: 'Campanhas' });
  const row = table.getByRole('row', { name: new RegExp(`Natal ${STAMP}`) });
  await expect(row).toContainText('Pendente');
  await row.getByRole('button', { name: `Editar Natal ${STAMP}` }).click();
  const form = page.getByRole('form', { name: 'Editar campanha' });
  await expect(form.getByRole('textbox', { name: 'Título' })).toHaveValue(`Natal ${STAMP}`);
  await expect(form.getByRole('combobox', { name: 'Modelo (HSM)', exact: true })).toHaveValue(
    new RegExp(TEMPLATE),
  );
  await expect(form.getByRole('textbox', { name: 'Variável {{2}}' })).toHaveValue('NATAL10');
  await form.getByRole('textbox', { name: 'Título' }).fill(`Natal VIP ${STAMP}`);
  await shot(page, 'campaigns-form-edit');
  await form.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Campanha alterada com sucesso!')).toBeVisible();

  const edited = table.getByRole('row', { name: new RegExp(`Natal VIP ${STAMP}`) });
  await edited.getByRole('button', { name: `Excluir Natal VIP ${STAMP}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir campanha' });
  await expect(dialog).toContainText(`Natal VIP ${STAMP}`);
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Campanha excluída com sucesso.')).toBeVisible();
  await expect(edited).toHaveCount(0);

  // The other channel types' messages: WhatsApp texts with a counter, SMS within 160 characters.
  await page.getByRole('tab', { name: 'Nova campanha' }).click();
  const fresh = page.getByRole('form', { name: 'Nova campanha' });
  await fresh.getByRole('combobox', { name: 'Tipo de canal', exact: true }).click();
  await page.getByRole('option', { name: 'WhatsApp Web' }).click();
  await fresh.getByRole('textbox', { name: 'Texto' }).fill('Olá! Temos novidades para você.');
  await expect(fresh.getByText('31/500')).toBeVisible();
  await fresh.getByRole('button', { name: 'Adicionar variação' }).click();
  await fresh.getByRole('textbox', { name: 'Variação 1' }).fill('Oi! Chegaram novidades.');
  await shot(page, 'campaigns-form-waweb');
  await fresh.getByRole('combobox', { name: 'Tipo de canal', exact: true }).click();
  await page.getByRole('option', { name: 'SMS' }).click();
  await fresh.getByRole('textbox', { name: 'Mensagem do SMS' }).fill('x'.repeat(200));
  await expect(fresh.getByText('160/160')).toBeVisible();
  await shot(page, 'campaigns-form-sms');
});

test('o gestor filtra o mailing: só os contatos com os valores escolhidos recebem a campanha', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, DEMO.manager);
  await page.goto('/campaigns');
  await page.getByRole('tab', { name: 'Nova campanha' }).click();
  const form = page.getByRole('form', { name: 'Nova campanha' });
  await form.getByRole('textbox', { name: 'Título' }).fill(`Só Maria ${STAMP}`);
  await choose(page, form, 'Tipo de canal', 'WhatsApp Enterprise');
  await choose(page, form, 'Canal', CHANNEL);
  await choose(page, form, 'Mailing', new RegExp(MAILING));
  await form.getByRole('button', { name: 'Adicionar filtro' }).click();
  await choose(page, form, 'Coluna do filtro 1', 'nome');
  // The values are suggested from the mailing as they are typed.
  await form.getByLabel('Valores do filtro 1').fill('Mar');
  await page.getByRole('option', { name: 'Maria Souza' }).click();
  await pickNextMonth(page, 'Data limite');
  await choose(page, form, 'Modelo (HSM)', new RegExp(TEMPLATE));
  await choose(page, form, 'Variável {{1}}', 'nome');
  await form.getByText('Texto fixo').nth(1).click();
  await form.getByRole('textbox', { name: 'Variável {{2}}' }).fill('frete grátis');
  await shot(page, 'campaigns-form-filter');
  await form.getByRole('button', { name: 'Criar campanha' }).click();
  await expect(page.getByText('Campanha criada com sucesso!')).toBeVisible();

  await page
    .getByRole('table', { name: 'Campanhas' })
    .getByRole('link', { name: `Só Maria ${STAMP}` })
    .click();
  await expect(page.getByLabel('Percentual concluído')).toHaveText('100%', { timeout: 60_000 });
  await expect(page.getByLabel('Contatos: 1')).toBeVisible();
  const contacts = page.getByRole('table', { name: 'Contatos da campanha' });
  await expect(contacts.getByRole('row')).toHaveCount(2);
  await expect(contacts.getByRole('row', { name: /Maria Souza/ })).toBeVisible();
});
