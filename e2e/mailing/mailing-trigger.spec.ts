import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

type Channel = { id: number; kind: string; name: string };
type Triggers = { others: { id: number; trigger_type: string }[] };

async function demoWebchat(api: APIRequestContext): Promise<Channel> {
  const channels = (await (await api.get('/api/channels')).json()) as Channel[];
  const found = channels.find((c) => c.kind === 'web' && c.name === 'Site da Empresa Demo');
  if (!found) throw new Error('web chat de demonstração não encontrado');
  return found;
}

test('o gestor configura a validação de mailing do web chat com um mailing ativo', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `CPFs ${stamp}`;
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  const webchat = await demoWebchat(manager);
  const csv = ['nome;cpf', 'Maria;123.456.789-00', 'João;987.654.321-00'].join('\n');
  const up = await manager.post('/api/mailing-upload', {
    multipart: {
      fileName: 'cpfs.csv',
      file: { name: 'cpfs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  const { url } = (await up.json()) as { url: string };
  const created = await manager.post('/api/mailings', { data: { title, urlFile: url } });
  expect(created.ok()).toBe(true);
  const mailingId = ((await created.json()) as { mailing: { id: number } }).mailing.id;

  try {
    await login(page, DEMO.manager);
    await page.goto(`/triggers?type=web&id=${webchat.id}`);
    await page.getByRole('tab', { name: /Outros gatilhos/ }).click();
    const region = page.getByRole('region', { name: 'Gatilho Validação de mailing' });
    await region.getByRole('switch', { name: 'Ativar Validação de mailing' }).check();
    await region.getByRole('button', { name: 'Salvar Validação de mailing' }).click();
    await expect(region.getByText('Informe a mensagem de boas-vindas.')).toBeVisible();
    await region
      .getByRole('textbox', { name: /Mensagem de boas-vindas/ })
      .fill(`Olá! Para começar, informe seu CPF (${stamp}).`);
    await region.getByRole('combobox', { name: 'Mailing — Validação de mailing', exact: true }).click();
    await page.getByRole('option', { name: title }).click();
    await region.getByRole('combobox', { name: 'Campo do mailing — Validação de mailing' }).click();
    await page.getByRole('option', { name: 'cpf' }).click();
    await region
      .getByRole('textbox', { name: /Mensagem quando o dado é encontrado/ })
      .fill('CPF confirmado!');
    await region
      .getByRole('textbox', { name: /Mensagem quando o dado não é encontrado/ })
      .fill('CPF não encontrado.');
    await shot(page, 'mailing-trigger-form');
    await region.getByRole('button', { name: 'Salvar Validação de mailing' }).click();
    await expect(page.getByText('Gatilho salvo.').first()).toBeVisible();

    // Saved as the engine reads it (the conversation itself: triggers-mailing.int.test.ts).
    const data = (await (await manager.get(`/api/channels/get-triggers/web/${webchat.id}`)).json()) as {
      others: { trigger_type: string; params: Record<string, unknown> }[];
    };
    expect(data.others.find((o) => o.trigger_type === 'mailing_validation')?.params).toMatchObject({
      mailing_id: mailingId,
      field: 1,
      true_message: 'CPF confirmado!',
      false_message: 'CPF não encontrado.',
    });
    // While the trigger uses it, the mailing is not deleted: a warning says why.
    await page.goto('/mailings');
    const row = page.getByRole('table', { name: 'Mailings' }).getByRole('row', { name: new RegExp(title) });
    await row.getByRole('button', { name: `Excluir ${title}` }).click();
    await page
      .getByRole('dialog', { name: 'Excluir mailing' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await expect(
      page.getByText('Este mailing não pode ser excluído: está em uso (1 gatilho).'),
    ).toBeVisible();
    await expect(row).toBeVisible();
  } finally {
    // Later specs use the demo web chat: leave it without this trigger, and the mailing deleted.
    const data = (await (
      await manager.get(`/api/channels/get-triggers/web/${webchat.id}`)
    ).json()) as Triggers;
    for (const t of data.others.filter((o) => o.trigger_type === 'mailing_validation'))
      await manager.post(`/api/channels/delete-trigger/${t.id}`);
    await manager.delete(`/api/mailings/${mailingId}`);
    await manager.dispose();
  }
});
