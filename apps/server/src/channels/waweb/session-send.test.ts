import { describe, expect, it } from 'vitest';
import { createWawebSender, partsOf, type SendSocket } from './session-send';

// The send queue's own rules, on a clock of its own (the protocol itself is exercised against the peer in
// session-send.int.test.ts): the pacing waits, what a retry skips, and which failures may have reached WhatsApp.

const quiet = {
  level: 'silent',
  child: () => quiet,
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};
const JID = '5511933332222@s.whatsapp.net';

function harness(opts: { failRelay?: number } = {}) {
  let clock = 1_000_000;
  const events: string[] = [];
  let relays = 0;
  const socket = {
    user: { id: '5511888880000:1@s.whatsapp.net' },
    async relayMessage(
      _jid: string,
      message: { conversation?: string | null; extendedTextMessage?: { text?: string | null } | null },
    ) {
      relays++;
      if (relays === opts.failRelay) throw new Error('Connection Closed');
      events.push(`@${clock} ${message.conversation || message.extendedTextMessage?.text || 'arquivo'}`);
      return '';
    },
    async sendPresenceUpdate(type: string) {
      events.push(`@${clock} ${type}`);
    },
  } as unknown as SendSocket;
  const sender = createWawebSender({
    socket: () => socket,
    upload: async () => {
      throw new Error('sem upload');
    },
    logger: quiet,
    now: () => clock,
    random: () => 0.5,
    sleep: async (ms) => {
      clock += ms;
    },
  });
  return { sender, events };
}

describe('the send queue of a session', () => {
  it('spaces parts by min_interval plus jitter, typing before and paused after each', async () => {
    const { sender, events } = harness();
    const pacing = { min_interval_ms: 1000, jitter_ms: 400, presence: true };
    await Promise.all([
      sender.send({ jid: JID, text: 'um', files: [] }, pacing),
      sender.send({ jid: JID, text: 'dois', files: [] }, pacing),
    ]);
    expect(events).toEqual([
      '@1000000 composing',
      '@1000000 um',
      '@1000000 paused',
      '@1000000 composing',
      '@1001200 dois',
      '@1001200 paused',
    ]);
  });

  it('a failure once handed to the socket may have been sent; one before it was not', async () => {
    const { sender } = harness({ failRelay: 2 });
    const none = { min_interval_ms: 0, jitter_ms: 0, presence: false };
    const out = await sender.send({ jid: JID, text: 'b', files: [] }, none);
    expect(out.state).toBe('sent');
    expect(await sender.send({ jid: JID, text: 'c', files: [] }, none)).toMatchObject({
      state: 'failed',
      partsSent: 0,
      unknownOutcome: true,
    });
    const file = { kind: 'image' as const, data: Buffer.from('x'), mimeType: 'image/png', fileName: 'a.png' };
    expect(await sender.send({ jid: JID, text: 'legenda', files: [file] }, none)).toMatchObject({
      state: 'failed',
      partsSent: 0,
      unknownOutcome: false,
    });
  });

  it('a message is its files, then its text; an empty text adds no part', () => {
    const file = {
      kind: 'audio' as const,
      data: Buffer.from('x'),
      mimeType: 'audio/ogg; codecs=opus',
      fileName: 'v.ogg',
    };
    expect(partsOf({ jid: JID, text: 'oi', files: [file] }).map((p) => p.presence)).toEqual([
      'recording',
      'composing',
    ]);
    expect(partsOf({ jid: JID, text: '  ', files: [file] })).toHaveLength(1);
    expect(partsOf({ jid: JID, text: 'oi', files: [file] })[0]?.content).toMatchObject({ ptt: true });
  });
});
