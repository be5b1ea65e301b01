import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  type TestContext,
} from '../../test/helpers/test-app';
import { seedMessengerSamples } from './messenger-samples';

// `npm start` on a fresh machine: the messenger shows the manager's conversations with Ana (answered) and Bruno
// (waiting for his answer, unread).

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  expect(await seedMessengerSamples(ctx.db)).toBe(true);
  // A second start changes nothing.
  expect(await seedMessengerSamples(ctx.db)).toBe(false);
});
afterAll(async () => ctx?.close());

type Chat = { with_name: string; unread: number; pending_answers: number; last_text: string | null };

describe('messenger samples of the demo data', () => {
  it('gives the manager two conversations, Bruno two unread messages and a question to answer', async () => {
    const http = api(ctx);
    const chats = async (email: string) =>
      (await http.get('/api/messenger/chats', { cookie: await http.login(email) })).body as unknown as Chat[];
    const manager = await chats(MANAGER);
    expect(manager.map((c) => [c.with_name, c.pending_answers])).toEqual([
      ['Bruno Operador', 1],
      ['Ana Operadora', 0],
    ]);
    const [bruno] = await chats(OPERATOR2);
    expect(bruno).toMatchObject({
      unread: 2,
      pending_answers: 1,
      last_text: 'Pode cobrir o intervalo da Ana hoje às 15h?',
    });
    const [ana] = await chats(OPERATOR);
    expect(ana).toMatchObject({ unread: 0, pending_answers: 0, last_text: 'Consigo, sim. Começo às 8h.' });
  });
});
