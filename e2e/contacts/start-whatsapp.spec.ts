import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login, mainMenu } from '../support/demo';

// From a contact, "Iniciar conversa no WhatsApp": the phone selection modal (spec 3 §2, spec 1 §8) leads into
// the active WhatsApp form with the chosen phone and number; a contact without phones says so.

let manager: APIRequestContext;

async function setAllow(api: APIRequestContext, flags: Record<string, boolean>) {
  const meta = (await (await api.get('/api/company/metadata')).json()) as { allow?: Record<string, boolean> };
  const saved = await api.put('/api/company/metadata', {
    data: { ...meta, allow: { ...(meta.allow ?? {}), ...flags } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test.beforeAll(async ({ baseURL }) => {
  manager = await apiAs(baseURL ?? '', DEMO.manager);
  await setAllow(manager, { person: true, 'whatsapp-active': true });
});
test.afterAll(async () => {
  await setAllow(manager, { person: false });
  await manager.dispose();
});

async function row(page: Page, name: string) {
  await page.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill(name);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  return page.getByRole('table', { name: 'Contatos' }).getByRole('row', { name: `Abrir ${name}` });
}

test('gestor inicia uma conversa no WhatsApp a partir do contato, escolhendo telefone e canal', async ({
  page,
}) => {
  const noPhone = await manager.post('/api/persons', {
    data: { name: 'Sônia Sem Telefone', emails: ['sonia@cliente.com.br'] },
  });
  expect(noPhone.ok()).toBe(true);
  const twoPhones = await manager.post('/api/persons', {
    data: {
      name: 'Túlio Dois Números',
      phones: [
        { phone: '11955550101', is_whatsapp: false },
        { phone: '21966660202', is_whatsapp: true },
      ],
    },
  });
  expect(twoPhones.ok()).toBe(true);
  // A WhatsApp number of the company to start from (the demo's, or one made here).
  type Options = { channels: { name: string }[]; sectors: { id: number }[] };
  let options = (await (await manager.get('/api/active-whatsapp/options')).json()) as Options;
  if (options.channels.length === 0) {
    const made = await manager.post('/api/channels/waweb', {
      data: { name: 'WhatsApp do Contato', sector_id: options.sectors[0]?.id },
    });
    expect(made.ok(), await made.text()).toBe(true);
    options = (await (await manager.get('/api/active-whatsapp/options')).json()) as Options;
  }
  const channel = options.channels[0];
  expect(channel).toBeTruthy();

  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'Contatos' }).click();
  await expect(page.getByRole('heading', { name: 'Contatos' })).toBeVisible();

  await (await row(page, 'Sônia Sem Telefone'))
    .getByRole('button', { name: 'Iniciar conversa no WhatsApp: Sônia Sem Telefone' })
    .click();
  const choice = page.getByRole('dialog', { name: 'Iniciar conversa no WhatsApp' });
  await expect(choice.getByText('Contato não tem número de telefone cadastrado.')).toBeVisible();
  await choice.getByRole('button', { name: 'Fechar' }).click();
  await expect(choice).toBeHidden();

  // From the contact's detail: the WhatsApp phone comes chosen.
  await (await row(page, 'Túlio Dois Números')).click();
  const detail = page.getByRole('dialog', { name: 'Dados do contato' });
  await detail.getByRole('button', { name: 'Iniciar conversa no WhatsApp' }).click();
  await expect(choice.getByRole('radio', { name: /\(21\) 96666-0202/ })).toBeChecked();
  await choice.getByRole('radio', { name: /\(11\) 95555-0101/ }).check();
  // A company with one number has it chosen already.
  const pickChannel = choice.getByRole('combobox', { name: 'Canal' });
  if ((await pickChannel.inputValue()) === '') {
    await pickChannel.click();
    await page
      .getByRole('option', { name: new RegExp(channel?.name ?? '') })
      .first()
      .click();
  }
  await expect(pickChannel).toHaveValue(new RegExp(channel?.name ?? ''));
  await choice.getByRole('button', { name: 'Continuar' }).click();
  const active = page.getByRole('dialog', { name: 'WhatsApp ativo' });
  await expect(active.getByRole('textbox', { name: /^DDI/ })).toHaveValue('55');
  await expect(active.getByRole('textbox', { name: /^Telefone/ })).toHaveValue('11955550101');
  await expect(active.getByRole('combobox', { name: 'Canal' })).toHaveValue(new RegExp(channel?.name ?? ''));
});
