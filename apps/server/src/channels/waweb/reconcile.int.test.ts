import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppWebPeer, type WhatsAppWebPeer } from '../../../test/peers/whatsapp-web';
import {
  createNumber,
  type KitSession,
  pair,
  runKitSession,
} from '../../../test/peers/whatsapp-web/session-kit';
import { messages } from '../../db/schema/attendance';

// Per-chat reconciliation (issue 13): after an absence the phone reports each chat's newest messages; a chat whose
// report does not meet what we stored gets its missing messages asked of the phone (on-demand history) and kept
// through the inbox — once; a chat we hold up to date is asked nothing.

let ctx: TestContext;
let peer: WhatsAppWebPeer;
let kit: KitSession;
const ANA = '5511955551111';
const BRUNO = '5511955552222';
const CARLA = '5511955553333';
const DORA = '5511955554444';
const jid = (phone: string) => `${phone}@s.whatsapp.net`;

const rowsWith = async (text: string) => ctx.db.select().from(messages).where(eq(messages.text, text));
const stored = (text: string) =>
  waitFor(async () => ((await rowsWith(text)).length === 1 ? true : undefined));
const connections = () => kit.states.filter((s) => s.state === 'CONNECTED').length;

/** The phone drops the companion; resolves once the session is connected again. */
async function reconnect() {
  const before = connections();
  await peer.drop();
  await waitFor(async () => (connections() > before && kit.session.state === 'CONNECTED' ? true : undefined));
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: true });
  peer = await startWhatsAppWebPeer();
  kit = runKitSession(ctx, peer, await createNumber(ctx));
  await pair(peer, kit);
});
afterAll(async () => {
  await kit?.session.stop();
  await peer?.stop();
  await ctx?.close();
});

describe('reconciling each chat with what WhatsApp reports after a reconnect', () => {
  it('recovers, once, the messages the phone has but WhatsApp never delivered (live or offline)', async () => {
    await peer.sendText({ from: ANA, text: 'Ana: primeira' });
    await peer.sendText({ from: BRUNO, text: 'Bruno: primeira' });
    await stored('Ana: primeira');
    await stored('Bruno: primeira');

    await reconnect();
    // Lost by the server: in Ana's chat on the phone, never sent to the number.
    await peer.loseText({ from: ANA, text: 'Ana: perdida 1' });
    await peer.loseText({ from: ANA, text: 'Ana: perdida 2' });
    const last = await peer.loseText({ from: ANA, text: 'Ana: última' });

    // The phone's recent history: Ana's chat with only its newest message (Bruno's is the one we hold).
    await peer.reportChats({ perChat: 1, chats: [ANA, BRUNO] });
    await stored('Ana: última');
    await stored('Ana: perdida 1');
    await stored('Ana: perdida 2');
    // Asked once, for Ana's chat, before the oldest message it reported.
    expect(peer.historyRequests()).toEqual([
      expect.objectContaining({ chatJid: jid(ANA), oldestMsgId: last, count: 50 }),
    ]);
    // The answer carried what we had too (Ana's first message): still one of each.
    await peer.sendText({ from: ANA, text: 'Ana: depois' });
    await stored('Ana: depois');
    expect(await rowsWith('Ana: primeira')).toHaveLength(1);
    for (const text of ['Ana: perdida 1', 'Ana: perdida 2', 'Ana: última']) {
      expect(await rowsWith(text)).toHaveLength(1);
    }
    const recovered = (await rowsWith('Ana: perdida 1'))[0];
    expect(recovered).toMatchObject({ senderType: 0 });
  });

  it('asks nothing for the chats whose reported messages are stored, only for the one that lacks some', async () => {
    await peer.sendText({ from: CARLA, text: 'Carla: primeira' });
    await stored('Carla: primeira');
    await reconnect();
    const lost = await peer.loseText({ from: BRUNO, text: 'Bruno: perdida' });
    // Each chat with its newest message; judged in the order reported: once Bruno's is asked for, Ana's (whose
    // newest is stored) was judged.
    await peer.reportChats({ perChat: 1, chats: [ANA, BRUNO] });
    await stored('Bruno: perdida');
    await waitFor(async () => (peer.historyRequests().length === 2 ? true : undefined));
    expect(peer.historyRequests()[1]).toMatchObject({ chatJid: jid(BRUNO), oldestMsgId: lost });

    // Again, with everything of Ana's and Bruno's stored now: only Carla's chat, which lacks one, is asked for.
    await peer.loseText({ from: CARLA, text: 'Carla: perdida' });
    await peer.reportChats({ perChat: 1, chats: [ANA, BRUNO, CARLA] });
    await stored('Carla: perdida');
    await waitFor(async () => (peer.historyRequests().length === 3 ? true : undefined));
    expect(peer.historyRequests().map((r) => r.chatJid)).toEqual([jid(ANA), jid(BRUNO), jid(CARLA)]);
    expect(await rowsWith('Bruno: primeira')).toHaveLength(1);
    expect(await rowsWith('Carla: primeira')).toHaveLength(1);
  });

  it('asks page after page (50 each) until the answer reaches what we hold', async () => {
    await peer.sendText({ from: DORA, text: 'Dora: primeira' });
    await stored('Dora: primeira');
    await reconnect();
    const lost: string[] = [];
    for (let i = 1; i <= 60; i++) lost.push(await peer.loseText({ from: DORA, text: `Dora: ${i}` }));
    await peer.reportChats({ perChat: 1, chats: [DORA] });
    for (let i = 1; i <= 60; i++) await stored(`Dora: ${i}`);
    // The first page (the 50 before the newest) did not reach 'Dora: primeira': the next one, from its oldest.
    const asked = peer.historyRequests().filter((r) => r.chatJid === jid(DORA));
    expect(asked.map((r) => r.oldestMsgId)).toEqual([lost[59], lost[9]]);
    expect(await rowsWith('Dora: primeira')).toHaveLength(1);
  });
});
