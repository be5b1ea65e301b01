import { TELEGRAM_MSG } from '@prosa/shared/telegram';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startTelegramPeer, type TelegramPeer } from '../../../test/peers/telegram/peer';
import type { PeerUser } from '../../../test/peers/telegram/updates';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { channelPollCursors, channels } from '../../db/schema/channels';
import { channelCtx } from '../port';
import { startTelegramPoller, type TelegramPoller } from './poller';

// Without a public https address the bots are polled (getUpdates) by the workers: updates reach the same inbox
// as webhooks, the offset moves with them in one transaction, one node polls a bot at a time, and a refused token
// is marked on the channel without a storm of retries.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let peer: TelegramPeer;
let manager: string;
let sectorId: number;
const running: TelegramPoller[] = [];

beforeAll(async () => {
  peer = await startTelegramPeer();
  ctx = await createTestContext({ queue: false, inbox: true, env: { TELEGRAM_API_URL: peer.url } });
  http = api(ctx);
  manager = await http.login(MANAGER);
  sectorId =
    ((await http.get('/api/sectors', { cookie: manager })).body as unknown as { id: number }[])[0]?.id ?? 0;
});
afterAll(async () => {
  for (const p of running) await p.stop();
  await ctx?.close();
  await peer?.stop();
});

function poller(opts: { unauthorizedMs?: number } = {}) {
  const p = startTelegramPoller({
    url: ctx.url,
    ctx: channelCtx(ctx.deps),
    channelRepository: ctx.deps.channelRepository,
    scanMs: 150,
    pollSeconds: 1,
    backoffMs: 100,
    ...opts,
  });
  running.push(p);
  return p;
}

async function createBot(username: string) {
  const bot = peer.addBot({ username });
  const r = await http.post('/api/channels/telegram', {
    cookie: manager,
    body: { name: username, default_sector_id: sectorId, token: bot.token },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { bot, id: (r.body as { id: number }).id, mode: (r.body as { mode: string }).mode };
}

async function textsOf(channelId: number, chatId: number) {
  const rows = await ctx.db
    .select({ text: messages.text })
    .from(messages)
    .innerJoin(
      attendances,
      and(eq(attendances.companyId, messages.companyId), eq(attendances.id, messages.attendanceId)),
    )
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .where(and(eq(attendances.channelId, channelId), eq(contacts.externalId, String(chatId))))
    .orderBy(messages.id);
  return rows.map((r) => r.text);
}

const channelRow = async (id: number) => (await ctx.db.select().from(channels).where(eq(channels.id, id)))[0];

describe('Telegram polling', () => {
  it('polls getUpdates with offsets; a restart mid-stream loses and doubles nothing', async () => {
    const { bot, id, mode } = await createBot('polling_bot');
    expect(mode).toBe('polling');
    expect(peer.webhookOf(bot.token)).toBeNull();
    const lucas: PeerUser = { id: 800_001, first_name: 'Lucas' };
    const a = poller();
    await waitFor(async () => a.polling().includes(id));
    for (const t of ['um', 'dois', 'três']) peer.userSends(bot.token, lucas, { text: t });
    await waitFor(async () => (await textsOf(id, lucas.id)).length === 3);
    expect((await channelRow(id))?.connectionState).toBe('connected');
    await a.stop();
    // While no node polls, users keep writing; some updates were taken but not yet confirmed to Telegram.
    for (const t of ['quatro', 'cinco']) peer.userSends(bot.token, lucas, { text: t });
    const b = poller();
    await waitFor(async () => (await textsOf(id, lucas.id)).length >= 5);
    peer.userSends(bot.token, lucas, { text: 'seis' });
    await waitFor(async () => (await textsOf(id, lucas.id)).length >= 6);
    // Confirmed at Telegram by the next offset: nothing left to take again.
    await waitFor(async () => peer.pending(bot.token).length === 0);
    expect(await textsOf(id, lucas.id)).toEqual(['um', 'dois', 'três', 'quatro', 'cinco', 'seis']);
    const [cursor] = await ctx.db
      .select()
      .from(channelPollCursors)
      .where(eq(channelPollCursors.channelId, id));
    expect(Number(cursor?.cursor)).toBeGreaterThan(0);
    await b.stop();
  });

  it('one node polls a bot at a time; new channels are picked up, removed ones dropped', async () => {
    const first = await createBot('lock_bot');
    const a = poller();
    const b = poller();
    await waitFor(async () => a.polling().includes(first.id) || b.polling().includes(first.id));
    const holders = () => [a, b].filter((p) => p.polling().includes(first.id)).length;
    await new Promise((r) => setTimeout(r, 500));
    expect(holders()).toBe(1);
    const polls = peer.calls.filter((c) => c.token === first.bot.token && c.method === 'getUpdates').length;
    expect(polls).toBeGreaterThan(0);

    const second = await createBot('novo_lock_bot');
    await waitFor(async () => a.polling().includes(second.id) || b.polling().includes(second.id));
    const ana: PeerUser = { id: 800_010, first_name: 'Ana' };
    peer.userSends(second.bot.token, ana, { text: 'Olá' });
    await waitFor(async () => (await textsOf(second.id, ana.id)).length === 1);

    expect((await http.delete(`/api/channels/telegram/${second.id}`, { cookie: manager })).status).toBe(200);
    await waitFor(async () => !a.polling().includes(second.id) && !b.polling().includes(second.id));
    // The one holding the first bot dies: the other takes it over.
    const holder = a.polling().includes(first.id) ? a : b;
    const survivor = holder === a ? b : a;
    await holder.stop();
    await waitFor(async () => survivor.polling().includes(first.id));
    await survivor.stop();
  });

  it('a webhook set by another system shows the conflict instead of polling over it', async () => {
    const { bot, id } = await createBot('conflito_bot');
    const other = await fetch(`${peer.url}/bot${bot.token}/setWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://outro-sistema.example/hook' }),
    });
    expect(((await other.json()) as { ok: boolean }).ok).toBe(true);
    const p = poller();
    await waitFor(async () => (await channelRow(id))?.connectionError === TELEGRAM_MSG.conflict);
    expect((await channelRow(id))?.connectionState).toBe('error');
    // Not ours to remove.
    expect(peer.webhookOf(bot.token)?.url).toBe('https://outro-sistema.example/hook');
    await p.stop();
  });

  it('a revoked token marks the channel "Token inválido ou revogado" and is retried only slowly', async () => {
    const { bot, id } = await createBot('revogado_poll_bot');
    peer.revoke(bot.token);
    const p = poller({ unauthorizedMs: 60_000 });
    await waitFor(async () => (await channelRow(id))?.connectionState === 'error');
    expect((await channelRow(id))?.connectionError).toBe(TELEGRAM_MSG.tokenRevoked);
    await new Promise((r) => setTimeout(r, 800));
    const polls = peer.calls.filter((c) => c.token === bot.token && c.method === 'getUpdates').length;
    expect(polls).toBe(1);
    // The list shows it.
    const list = await http.get('/api/channels/telegram', { cookie: manager });
    const mine = (
      list.body as unknown as { id: number; connection_state: string; connection_error: string }[]
    ).find((c) => c.id === id);
    expect(mine).toMatchObject({ connection_state: 'error', connection_error: TELEGRAM_MSG.tokenRevoked });
    // A manager saves the bot's new token: polled again at once, not after the slow retry.
    const renewed = peer.addBot({ username: 'renovado_bot' });
    const r = await http.patch(`/api/channels/telegram/${id}`, {
      cookie: manager,
      body: { token: renewed.token },
    });
    expect(r.status).toBe(200);
    await waitFor(async () => (await channelRow(id))?.connectionState === 'connected', 5_000);
    expect((await channelRow(id))?.connectionError).toBeNull();
    const carla: PeerUser = { id: 800_020, first_name: 'Carla' };
    peer.userSends(renewed.token, carla, { text: 'Voltou?' });
    await waitFor(async () => (await textsOf(id, carla.id)).length === 1);
    await p.stop();
  });
});
