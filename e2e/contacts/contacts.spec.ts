import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login, mainMenu } from '../support/demo';

// Contact (person) records (issue 6; spec 1 §2 contact data modal, spec 3 §2, §5, §8).
const CPF = '529.982.247-25';
const WEBCHAT_CODE = 'demo-empresa';

type Allow = Record<string, boolean>;

/** Sets company allow flags through the settings API (the whole metadata object, as the settings tabs do). */
async function setAllow(api: APIRequestContext, flags: Allow) {
  const meta = (await (await api.get('/api/company/metadata')).json()) as { allow?: Allow };
  const saved = await api.put('/api/company/metadata', {
    data: { ...meta, allow: { ...(meta.allow ?? {}), ...flags } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

async function openContacts(page: Page) {
  await mainMenu(page).filter({ hasText: 'Contatos' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('heading', { name: 'Contatos' })).toBeVisible();
}

function toastWith(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** A web chat visitor writes: the attendance (and its person) exist. Returns the attendance and person ids. */
async function visitor(
  request: APIRequestContext,
  staff: APIRequestContext,
  name: string,
): Promise<{ attendanceId: number; personId: number }> {
  const started = await request.post(`/api/webchat/${WEBCHAT_CODE}/visitors`, {
    data: { form: { nome: name } },
  });
  expect(started.ok()).toBe(true);
  const { token } = (await started.json()) as { token: string };
  const sent = await request.post('/api/webchat/visitor/messages', {
    headers: { 'x-visitor-token': token },
    data: { text: 'Olá, preciso de ajuda.', client_id: `e2e-ct-${Date.now()}` },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { protocol } = (await sent.json()) as { protocol: string };
  const list = (await (await staff.get('/api/attendances?kind=web')).json()) as {
    items: { id: number; protocol: string; person_id: number }[];
  };
  const card = list.items.find((c) => c.protocol === protocol);
  if (!card) throw new Error(`atendimento ${protocol} não apareceu`);
  return { attendanceId: card.id, personId: card.person_id };
}

/** The manager survey (another feature) may pop up over any screen after login: put it off when it does. */
async function putOffSurvey(page: Page) {
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Pesquisa rápida' }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Responder depois' }).click();
  });
}

let manager: APIRequestContext;

test.beforeEach(async ({ page }) => {
  await putOffSurvey(page);
});

test.beforeAll(async ({ baseURL }) => {
  manager = await apiAs(baseURL ?? '', DEMO.manager);
  await setAllow(manager, { person: true });
});

test.afterAll(async () => {
  await setAllow(manager, { person: false, viewphone: false });
  await manager.dispose();
});

test('gestor cadastra um contato, vê o CPF inválido, corrige; o segundo com o mesmo CPF é mesclado', async ({
  page,
}) => {
  await login(page, DEMO.manager);
  await openContacts(page);

  await page.getByRole('button', { name: 'Novo contato' }).click();
  const modal = page.getByRole('dialog', { name: 'Novo contato' });
  await modal.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill('Carla Cadastro');
  // The mask is applied while typing.
  await modal.getByLabel('CPF').fill('11111111111');
  await expect(modal.getByLabel('CPF')).toHaveValue('111.111.111-11');
  await modal.getByLabel('E-mail 1', { exact: true }).fill('carla@cliente.com.br');
  await modal.getByLabel('Telefone 1', { exact: true }).fill('11987654321');
  await expect(modal.getByLabel('Telefone 1', { exact: true })).toHaveValue('(11) 98765-4321');
  await modal.getByLabel('Telefone 1 é WhatsApp').check();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal.getByText('CPF inválido.')).toBeVisible();

  await modal.getByLabel('CPF').fill(CPF.replace(/\D/g, ''));
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastWith(page, 'Contato alterado com sucesso.')).toBeVisible();
  await expect(modal).toBeHidden();
  const table = page.getByRole('table', { name: 'Contatos' });
  const carla = table.getByRole('row', { name: 'Abrir Carla Cadastro' });
  await expect(carla).toContainText(CPF);
  await expect(carla).toContainText('(11) 98765-4321');
  await expect(carla.getByLabel('WhatsApp')).toBeVisible();

  // A second record with the same CPF: warning, then the merge into the existing one.
  await page.getByRole('button', { name: 'Novo contato' }).click();
  await modal.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill('Carla Duplicada');
  await modal.getByLabel('CPF').fill(CPF);
  await modal.getByLabel('E-mail 1', { exact: true }).fill('carla.outra@cliente.com.br');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  const warning = toastWith(page, 'CPF já utilizado');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Alerta!');
  const confirm = page.getByRole('dialog', { name: 'Mesclar com o contato existente' });
  await expect(confirm).toContainText(CPF);
  await confirm.getByRole('button', { name: 'Mesclar' }).click();
  await expect(toastWith(page, 'Contato mesclado com sucesso.')).toBeVisible();

  // The kept record (Carla Cadastro) is shown, with both e-mails.
  const kept = page.getByRole('dialog', { name: 'Dados do contato' });
  await expect(kept.getByRole('textbox', { name: /^Nome\s*\*?$/ })).toHaveValue('Carla Cadastro');
  await expect(kept.getByLabel('E-mail 1', { exact: true })).toHaveValue('carla@cliente.com.br');
  await expect(kept.getByLabel('E-mail 2', { exact: true })).toHaveValue('carla.outra@cliente.com.br');
  await expect(kept.getByLabel('CPF')).toHaveValue(CPF);
  await kept.getByRole('tab', { name: 'Alterações' }).click();
  await expect(kept.getByText(/Gustavo mesclou o contato nº \d+ a este contato em/)).toBeVisible();
  await expect(kept.getByText(/Gustavo alterou E-mails de carla@cliente\.com\.br para/)).toBeVisible();
  await expect(kept.getByText(/Gustavo criou o contato em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(kept).toBeHidden();

  // Only the kept record stays in the list.
  await expect(table.getByRole('row', { name: 'Abrir Carla Cadastro' })).toContainText(
    'carla.outra@cliente.com.br',
  );
  await expect(table.getByRole('row', { name: 'Abrir Carla Duplicada' })).toHaveCount(0);
});

test('um contato de web chat mesclado leva o canal para o contato que fica', async ({ page, request }) => {
  const name = `Visitante Mescla ${Date.now()}`;
  const { personId } = await visitor(request, manager, name);
  const kept = await manager.post('/api/persons', {
    data: { name: 'Cliente Antigo', cpf: '11144477735', emails: ['antigo@cliente.com.br'] },
  });
  expect(kept.ok(), await kept.text()).toBe(true);

  await login(page, DEMO.manager);
  await openContacts(page);
  await page.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill(name);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await page.getByRole('row', { name: `Abrir ${name}` }).click();
  const modal = page.getByRole('dialog', { name: 'Dados do contato' });
  await expect(modal.getByRole('tab', { name: /Canais/ })).toContainText('1');
  await modal.getByLabel('CPF').fill('111.444.777-35');
  await modal.getByLabel('E-mail 1', { exact: true }).fill('visitante@cliente.com.br');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastWith(page, 'CPF já utilizado')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Mesclar com o contato existente' })
    .getByRole('button', { name: 'Mesclar' })
    .click();
  await expect(toastWith(page, 'Contato mesclado com sucesso.')).toBeVisible();

  await expect(modal.getByRole('textbox', { name: /^Nome\s*\*?$/ })).toHaveValue('Cliente Antigo');
  await expect(modal.getByLabel('E-mail 2', { exact: true })).toHaveValue('visitante@cliente.com.br');
  await modal.getByRole('tab', { name: /Canais/ }).click();
  const channels = modal.getByRole('list', { name: 'Canais do contato' });
  await expect(channels).toContainText(name);
  await expect(channels).toContainText('Web chat');
  // The merged record is gone from the API's point of view.
  expect((await manager.get(`/api/persons/${personId}`)).status()).toBe(404);
});

test('a busca com menos de 3 caracteres avisa sem chamar o servidor', async ({ page }) => {
  await login(page, DEMO.manager);
  await openContacts(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/persons?')) calls.push(r.url());
  });
  await page.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill('Ca');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByText('Informe ao menos 3 caracteres para buscar.')).toBeVisible();
  expect(calls.filter((u) => u.includes('name=Ca'))).toEqual([]);

  await page.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill('Carla');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByText('Informe ao menos 3 caracteres para buscar.')).toBeHidden();
  await expect.poll(() => calls.some((u) => u.includes('name=Carla'))).toBe(true);
});

/** A channel the import can bind to (a WhatsApp number by QR code made here when the company has none). */
async function importChannel(api: APIRequestContext): Promise<string> {
  type Channel = { name: string };
  const list = (await (await api.get('/api/persons/import-channels')).json()) as Channel[];
  if (list[0]) return list[0].name;
  const options = (await (await api.get('/api/active-whatsapp/options')).json()) as {
    sectors: { id: number }[];
  };
  const made = await api.post('/api/channels/waweb', {
    data: { name: 'WhatsApp da Importação', sector_id: options.sectors[0]?.id },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return 'WhatsApp da Importação';
}

test('importação: só .csv, prévia do arquivo e resultado com as linhas recusadas', async ({ page }) => {
  const channelName = await importChannel(manager);
  await login(page, DEMO.manager);
  await openContacts(page);
  await page.getByRole('button', { name: 'Importar contatos' }).click();
  const modal = page.getByRole('dialog', { name: 'Importar contatos' });
  // Spec 2 §5: the channel first, then the file.
  await modal.getByRole('button', { name: 'Importar' }).click();
  await expect(modal.getByText('O canal não foi inserido')).toBeVisible();
  await modal.getByRole('combobox', { name: 'Canal' }).click();
  await page.getByRole('option', { name: new RegExp(channelName) }).click();
  await modal.getByRole('button', { name: 'Importar' }).click();
  await expect(modal.getByText('O arquivo .csv não foi inserido')).toBeVisible();
  const file = modal.locator('input[type="file"]');
  await file.setInputFiles({
    name: 'contatos.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Nome\nAna'),
  });
  await expect(modal.getByText('Selecione um arquivo .csv')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Importar' })).toBeDisabled();

  const csv = [
    'Nome;CPF;Telefone;E-mail;RG;Data de nascimento;Empresa;CNPJ;Cargo',
    'Irene Importada;;(21) 99876-5432;irene@importada.com.br;;31/12/1990;Loja Irene;;Gerente',
    'Bruno CPF Ruim;123.456.789-00;11999990000;;;;;;',
    'Clara Sem Contato;;;;;;;;',
  ].join('\r\n');
  await file.setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(modal.getByText('Mostrando 3 de 3 linhas do arquivo')).toBeVisible();
  const preview = modal.getByRole('table', { name: 'Prévia da importação' });
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview).toContainText('Irene Importada');
  await expect(preview).toContainText('31/12/1990');

  await modal.getByRole('button', { name: 'Importar' }).click();
  await expect(modal.getByText('1 de 3 contatos importados.')).toBeVisible();
  await expect(modal.getByText('1 contato vinculado ao canal escolhido.')).toBeVisible();
  const failed = modal.getByRole('table', { name: 'Linhas não importadas' });
  await expect(failed.getByRole('row', { name: /^3 CPF inválido\.$/ })).toBeVisible();
  await expect(
    failed.getByRole('row', { name: /^4 É obrigatório ter ao menos um E-mail ou Telefone$/ }),
  ).toBeVisible();
  await modal.getByRole('button', { name: 'Fechar' }).click();
  const row = page
    .getByRole('table', { name: 'Contatos' })
    .getByRole('row', { name: 'Abrir Irene Importada' });
  await expect(row).toContainText('(21) 99876-5432');
  await row.click();
  const detail = page.getByRole('dialog', { name: 'Dados do contato' });
  await expect(detail.getByLabel('Data de nascimento')).toHaveValue('31/12/1990');
  await detail.getByRole('tab', { name: 'Alterações' }).click();
  await expect(detail.getByText(/Gustavo importou o contato do arquivo contatos\.csv em/)).toBeVisible();
});

test('operadora abre "Dados do contato" no chat e, com viewphone, vê o telefone mascarado', async ({
  page,
  request,
}) => {
  const name = `Cliente Mascarado ${Date.now()}`;
  const { personId } = await visitor(request, manager, name);
  const saved = await manager.put(`/api/persons/${personId}`, {
    data: { name, phones: [{ phone: '11912345678', is_whatsapp: true }], emails: [] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await setAllow(manager, { viewphone: true });
  try {
    await login(page, DEMO.ana);
    await page.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
    const chat = page.getByTestId('chat-modal');
    await chat.getByRole('button', { name: 'Dados do contato' }).click();
    const modal = page.getByRole('dialog', { name: 'Dados do contato' });
    const phone = modal.getByLabel('Telefone 1', { exact: true });
    await expect(phone).toHaveValue('*******5678');
    await expect(phone).toHaveAttribute('readonly', '');
    await expect(modal.getByText('Telefones ocultos para operadores.')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Adicionar telefone' })).toBeDisabled();

    // Saving other fields keeps the stored (unmasked) number.
    await modal.getByLabel('Cargo').fill('Comprador');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await expect(toastWith(page, 'Contato alterado com sucesso.')).toBeVisible();
    const stored = (await (await manager.get(`/api/persons/${personId}`)).json()) as {
      job_title: string;
      phones: { phone: string }[];
    };
    expect(stored.job_title).toBe('Comprador');
    expect(stored.phones).toEqual([{ phone: '11912345678', is_whatsapp: true }]);
  } finally {
    await setAllow(manager, { viewphone: false });
  }
});
