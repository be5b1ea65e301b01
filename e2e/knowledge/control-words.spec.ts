import { expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';

const WORD = 'Palavrãofeio';

test('mensagem com palavra de controle não é enviada, vira alerta e o texto fica na caixa', async ({
  page,
  request,
  baseURL,
}) => {
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  const setFilter = async (on: boolean) => {
    const meta = (await (await manager.get('/api/company/metadata')).json()) as { allow?: object };
    const saved = await manager.put('/api/company/metadata', {
      data: { ...meta, allow: { ...(meta.allow ?? {}), controlwords: on } },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  };
  const added = await manager.post('/api/control-words', { data: { word: WORD } });
  expect(added.ok(), await added.text()).toBe(true);
  await setFilter(true);

  try {
    const name = `Cliente Filtro ${Date.now()}`;
    const started = await request.post('/api/webchat/demo-empresa/visitors', {
      data: { form: { nome: name } },
    });
    const { token } = (await started.json()) as { token: string };
    await request.post('/api/webchat/visitor/messages', {
      headers: { 'x-visitor-token': token },
      data: { text: 'Oi, tudo bem?', client_id: `e2e-cw-${Date.now()}` },
    });

    await login(page, DEMO.ana);
    await page.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
    const modal = page.getByTestId('chat-modal');
    const composer = modal.getByRole('textbox', { name: 'Mensagem' });
    await composer.fill('Isso é PALAVRAOFEIO!');
    await composer.press('Enter');
    const toast = page.getByRole('alert').filter({ hasText: 'Sua mensagem não pode ser enviada.' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Alerta!');
    await expect(composer).toHaveValue('Isso é PALAVRAOFEIO!');
    await expect(modal.getByRole('log', { name: 'Mensagens' }).getByText('Isso é PALAVRAOFEIO!')).toHaveCount(
      0,
    );

    // A longer word that only starts the same is not blocked.
    await composer.fill('Sem palavraofeios aqui');
    await composer.press('Enter');
    await expect(
      modal.getByRole('log', { name: 'Mensagens' }).getByText('Sem palavraofeios aqui'),
    ).toBeVisible();
  } finally {
    await setFilter(false);
    const list = (await (await manager.get('/api/control-words')).json()) as {
      items: { id: number; word: string }[];
    };
    for (const w of list.items.filter((i) => i.word === WORD))
      await manager.delete(`/api/control-words/${w.id}`);
    await manager.dispose();
  }
});
