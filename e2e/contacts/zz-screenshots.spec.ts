import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login, mainMenu } from '../support/demo';

/** The manager survey (another feature) may pop up over any screen after login: put it off when it does. */
async function putOffSurvey(page: Page) {
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Pesquisa rápida' }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Responder depois' }).click();
  });
}

// Screenshots of the contacts screen and the contact modal (docs/screenshots), desktop 1440x900.
test('screenshots de contatos', async ({ page, baseURL }) => {
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  const meta = (await (await manager.get('/api/company/metadata')).json()) as { allow?: object };
  await manager.put('/api/company/metadata', {
    data: { ...meta, allow: { ...(meta.allow ?? {}), person: true } },
  });
  const people = [
    {
      name: 'Mariana Albuquerque',
      edited_name: 'Mari (loja centro)',
      cpf: '39053344705',
      emails: ['mariana@albuquerque.com.br'],
      phones: [{ phone: '11987654321', is_whatsapp: true }],
      tags: ['VIP', 'Atacado'],
      job_title: 'Compradora',
      company_name: 'Albuquerque Modas',
      birth_date: '1988-04-12',
    },
    {
      name: 'Roberto Nunes',
      cpf: '15350946056',
      emails: ['roberto.nunes@exemplo.com.br', 'financeiro@nunes.com.br'],
      phones: [{ phone: '2133334444', is_whatsapp: false }],
      tags: ['Inadimplente'],
    },
    {
      name: 'Juliana Prado',
      phones: [
        { phone: '31991234567', is_whatsapp: true },
        { phone: '3132105555', is_whatsapp: false },
      ],
      emails: [],
      tags: [],
    },
  ];
  let first = 0;
  for (const p of people) {
    const r = await manager.post('/api/persons', { data: p });
    if (r.ok() && !first) first = ((await r.json()) as { id: number }).id;
  }
  if (first) {
    await manager.put(`/api/persons/${first}`, { data: { ...people[0], job_title: 'Gerente de compras' } });
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await putOffSurvey(page);
  await login(page, DEMO.manager);
  await mainMenu(page).filter({ hasText: 'Contatos' }).click();
  await expect(page.getByRole('row', { name: 'Abrir Mari (loja centro)' })).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/contacts.png' });

  await page.getByRole('row', { name: 'Abrir Mari (loja centro)' }).click();
  const modal = page.getByRole('dialog', { name: 'Dados do contato' });
  await expect(modal.getByRole('textbox', { name: /^Nome\s*\*?$/ })).toHaveValue('Mariana Albuquerque');
  await page.waitForTimeout(400);
  await page.screenshot({ path: 'docs/screenshots/contact-modal.png' });
  await modal.getByRole('tab', { name: 'Alterações' }).click();
  await expect(modal.getByText(/alterou Cargo/)).toBeVisible();
  await page.screenshot({ path: '/tmp/contact-modal-changes.png' });
  await page.keyboard.press('Escape');

  // The import modal with a preview (checked by eye only).
  await page.getByRole('button', { name: 'Importar contatos' }).click();
  const rows = Array.from(
    { length: 320 },
    (_, i) => `Contato ${i + 1};;1199999${String(i).padStart(4, '0')};contato${i + 1}@exemplo.com.br;;;;;`,
  );
  await page.locator('input[type="file"]').setInputFiles({
    name: 'contatos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      ['Nome;CPF;Telefone;E-mail;RG;Data de nascimento;Empresa;CNPJ;Cargo', ...rows].join('\r\n'),
    ),
  });
  await expect(page.getByText('Mostrando 300 de 320 linhas do arquivo')).toBeVisible();
  await page.screenshot({ path: '/tmp/contact-import.png' });
  await page.keyboard.press('Escape');

  // The chat's "Dados do contato".
  const visitor = await page.request.post('/api/webchat/demo-empresa/visitors', {
    data: { form: { nome: 'Paulo Visitante' } },
  });
  const { token } = (await visitor.json()) as { token: string };
  await page.request.post('/api/webchat/visitor/messages', {
    headers: { 'x-visitor-token': token },
    data: { text: 'Oi! Quero atualizar meu cadastro.', client_id: `e2e-shot-${Date.now()}` },
  });
  await mainMenu(page).filter({ hasText: 'Atendimentos' }).click();
  await page.getByRole('button', { name: 'Abrir conversa com Paulo Visitante' }).click();
  await page.getByTestId('chat-modal').getByRole('button', { name: 'Dados do contato' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Dados do contato' }).getByRole('tab', { name: /Canais/ }),
  ).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: '/tmp/chat-contact.png' });
  await manager.dispose();
});
