import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { apiAs } from '../support/attendances';
import { sql } from '../support/database';
import { DEMO, login, mainMenu } from '../support/demo';

// Where the screenshots of this run go, to look at the screens (not an assertion).
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function ok<T = Record<string, unknown>>(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A visitor of the demo web chat (with an e-mail, the web chat's blacklist key) writes; the card goes to Ana. */
async function conversation(baseURL: string, manager: APIRequestContext, name: string, email: string) {
  const visitor = await playwrightRequest.newContext({ baseURL });
  const { token } = await ok<{ token: string }>(
    await visitor.post('/api/webchat/demo-empresa/visitors', { data: { form: { nome: name, email } } }),
  );
  const sent = await ok<{ protocol: string }>(
    await visitor.post('/api/webchat/visitor/messages', {
      headers: { 'x-visitor-token': token },
      data: { text: 'Quero os dados dos outros clientes!', client_id: `e2e${Date.now().toString(36)}` },
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
}

test.use({ viewport: { width: 1440, height: 900 } });

test('a operadora sugere o bloqueio pelo atendimento, o gestor aprova e o contato aparece na lista de bloqueio', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const name = `Cliente ${Date.now().toString(36)}`;
  const email = `${name.replace(/\W/g, '').toLowerCase()}@exemplo.com.br`;

  // The manager turns suggestions on (which turns the blacklist on) with a finalization status.
  await login(page, DEMO.manager);
  await page.goto('/settings?tab=blacklist');
  const tab = page.getByRole('region', { name: 'Lista de bloqueio' });
  await tab.getByRole('switch', { name: 'Permitir que operadores sugiram bloqueios' }).click();
  await expect(tab.getByRole('switch', { name: 'Ativar lista de bloqueio' })).toBeChecked();
  await tab.getByRole('button', { name: 'Salvar' }).click();
  await expect(tab.getByText('Campo status de finalização é obrigatório.')).toBeVisible();
  await tab.getByRole('combobox', { name: 'Status de finalização' }).click();
  await page.getByRole('option', { name: 'Resolvido' }).click();
  await shot(page, 'blacklist-settings');
  await tab.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configuração alterada com sucesso!')).toBeVisible();

  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  await conversation(baseURL ?? '', manager, name, email);

  // Ana suggests the block from the chat, with a reason.
  const anaContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const ana = await anaContext.newPage();
  await login(ana, DEMO.ana);
  await ana.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  await ana.getByTestId('chat-modal').getByRole('button', { name: 'Sugerir bloqueio' }).click();
  const suggest = ana.getByRole('dialog', { name: 'Sugerir bloqueio' });
  await suggest.getByRole('button', { name: 'Enviar sugestão' }).click();
  await expect(suggest.getByText('Campo motivo é obrigatório.')).toBeVisible();
  await suggest.getByLabel('Motivo').fill('Pede dados de outros clientes.');
  await shot(ana, 'blacklist-suggest');
  await suggest.getByRole('button', { name: 'Enviar sugestão' }).click();
  await expect(ana.getByText('Sugestão de bloqueio enviada ao gestor.')).toBeVisible();
  await anaContext.close();

  // The manager approves it in Sugestões de bloqueio.
  await mainMenu(page).filter({ hasText: 'Sugestões de bloqueio' }).click();
  await expect(page).toHaveURL(/\/solicitation-block$/);
  await expect(page.getByRole('tab', { name: /Pendentes/ })).toContainText('1');
  const pending = page
    .getByRole('table', { name: 'Sugestões pendentes' })
    .getByRole('row', { name: new RegExp(email) });
  await expect(pending).toContainText('Ana');
  await expect(pending).toContainText('Pede dados de outros clientes.');
  await shot(page, 'blacklist-suggestions');
  await pending.getByRole('button', { name: `Aprovar ${email}` }).click();
  const approve = page.getByRole('dialog', { name: 'Aprovar sugestão de bloqueio' });
  await approve.getByRole('button', { name: 'Aprovar e bloquear' }).click();
  await expect(approve.getByText('Informe o motivo da aprovação.')).toBeVisible();
  await approve.getByLabel('Motivo da aprovação').fill('Confirmado no histórico do atendimento.');
  await approve.getByRole('button', { name: 'Aprovar e bloquear' }).click();
  await expect(page.getByText('Sugestão aprovada: contato bloqueado.')).toBeVisible();
  await expect(page.getByText('Nenhuma sugestão de bloqueio pendente')).toBeVisible();
  await page.getByRole('tab', { name: 'Decididas' }).click();
  await expect(
    page.getByRole('table', { name: 'Sugestões decididas' }).getByRole('row', { name: new RegExp(email) }),
  ).toContainText('Aprovada');

  // The contact is in Lista de bloqueio, with its history.
  await mainMenu(page).filter({ hasText: 'Lista de bloqueio' }).click();
  await expect(page).toHaveURL(/\/black-list$/);
  const row = page
    .getByRole('table', { name: 'Contatos bloqueados' })
    .getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Bloqueado');
  await expect(row).toContainText('Sugerido por Ana');
  await expect(row).toContainText('Web chat');
  await shot(page, 'blacklist-list');
  await row.getByRole('button', { name: `Detalhes ${email}` }).click();
  const details = page.getByRole('dialog', { name: 'Detalhes do contato bloqueado' });
  await expect(details.getByText('Bloqueio', { exact: true })).toBeVisible();
  await expect(details.getByText('Confirmado no histórico do atendimento.')).toBeVisible();
  // The modal's opening transition, only for the picture.
  await page.waitForTimeout(400);
  await shot(page, 'blacklist-details');
  await details.getByRole('button', { name: 'Fechar' }).click();
  await expect(details).toBeHidden();

  // A manager blocks another contact by hand (e-mail format for web chat), then unblocks it with a reason.
  await page.getByRole('button', { name: 'Bloquear contato' }).click();
  const form = page.getByRole('dialog', { name: 'Bloquear contato' });
  await form.getByRole('combobox', { name: 'Tipo de canal' }).click();
  await page.getByRole('option', { name: 'Web chat' }).click();
  await form.getByRole('textbox', { name: 'Contato' }).fill('sem-arroba');
  await form.getByRole('textbox', { name: 'Motivo' }).fill('Spam');
  await form.getByRole('button', { name: 'Bloquear', exact: true }).click();
  await expect(form.getByText('Informe um e-mail válido no campo contato.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Contato' }).fill(`outro.${email}`);
  await shot(page, 'blacklist-block-form');
  await form.getByRole('button', { name: 'Bloquear', exact: true }).click();
  await expect(page.getByText('Contato adicionado à lista de bloqueio.')).toBeVisible();
  const other = page
    .getByRole('table', { name: 'Contatos bloqueados' })
    .getByRole('row', { name: new RegExp(`outro.${email}`) });
  await other.getByRole('button', { name: `Desbloquear outro.${email}` }).click();
  const unblock = page.getByRole('dialog', { name: `Desbloquear outro.${email}` });
  await unblock.getByLabel('Motivo do desbloqueio').fill('Bloqueado por engano.');
  await unblock.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page.getByText('Contato desbloqueado.')).toBeVisible();
  await expect(other).toContainText('Desbloqueado');
  await expect(other.getByRole('button', { name: `Bloquear novamente outro.${email}` })).toBeVisible();
  await shot(page, 'blacklist-list-after');
});
