import { expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO, login } from '../support/demo';
import { visitorWrites } from '../support/distribution';
import { deleteAllFlows, flowOptions, setChatbotFlags } from './chatbot-support';

// An operator hands an open attendance to the chatbot (spec 1): refused while the channel has no bot, then the
// channel's flow takes the conversation from its start and the card leaves the operator.

test.afterAll(async ({ baseURL }) => {
  await deleteAllFlows(baseURL ?? '');
  await setChatbotFlags(baseURL ?? '', { chatbots: false, allowTransferToAuto: false });
});

test('a operadora transfere o atendimento para o BOT do canal', async ({ browser, page, baseURL }) => {
  test.slow();
  await setChatbotFlags(baseURL ?? '', { chatbots: true, allowTransferToAuto: true });
  await deleteAllFlows(baseURL ?? '');
  const name = `Paulo ${Date.now().toString(36)}`;
  // Written before any flow is linked: the attendance is people's.
  await visitorWrites(browser, name, 'Quero saber do meu pedido');

  await login(page, DEMO.ana);
  await page.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  const chat = page.getByTestId('chat-modal');
  const toolbar = chat.getByRole('toolbar', { name: 'Ações do atendimento' });
  await toolbar.getByRole('button', { name: 'Transferir para o BOT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transferir para o BOT' });
  await expect(dialog.getByText('Não existe BOT vinculado para este canal.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Transferir' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // The manager links a flow to the demo web chat.
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  const options = await flowOptions(manager);
  const web = options.channels.find((c) => c.channel_type === 'web');
  const created = await manager.post('/api/chatbot/flows', {
    data: {
      name: 'Pedidos',
      active: true,
      linkedChannels: [{ channel_type: 'web', channel_id: web?.channel_id }],
      graph: {
        nodes: [
          { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
          {
            id: 'ask',
            type: 'message',
            position: { x: 300, y: 0 },
            data: { text: 'Olá, sou o assistente de pedidos.' },
          },
          {
            id: 'people',
            type: 'transfer',
            position: { x: 600, y: 0 },
            data: { sector_id: options.sectors.find((s) => s.name === 'Suporte')?.id },
          },
        ],
        edges: [
          { id: 'e1', source: 'start', target: 'ask' },
          { id: 'e2', source: 'ask', target: 'people' },
        ],
      },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await manager.dispose();

  await toolbar.getByRole('button', { name: 'Transferir para o BOT' }).click();
  await expect(
    dialog.getByText(/O fluxo de chatbot vinculado a este canal assume o atendimento/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Transferir' }).click();
  await expect(page.getByText('Atendimento transferido para o BOT com sucesso!')).toBeVisible();
  await expect(chat).toBeHidden();
  // The bot ran the flow from its start: its message is in the conversation, and it handed the card to Suporte.
  const ana = await apiAs(baseURL ?? '', DEMO.ana);
  const list = (await (await ana.get('/api/attendances?kind=web')).json()) as {
    items: { id: number; name: string }[];
  };
  const id = list.items.find((c) => c.name === name)?.id;
  await expect
    .poll(async () => {
      const page = (await (await ana.get(`/api/attendances/${id}/messages`)).json()) as {
        items: { text: string }[];
      };
      return page.items.map((m) => m.text);
    })
    .toContain('Olá, sou o assistente de pedidos.');
  await ana.dispose();
});
