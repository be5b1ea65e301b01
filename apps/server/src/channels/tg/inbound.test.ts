import { TELEGRAM_MSG, type TTgConfig } from '@prosa/shared/telegram';
import { describe, expect, it } from 'vitest';
import type { OpenChannel } from '../port';
import { parse, split, verify } from './inbound';

const ch = {
  companyId: 1,
  id: 9,
  kind: 'tg',
  secrets: { token: '1:x', webhook_secret: 'segredo-do-canal' },
} as unknown as OpenChannel<TTgConfig>;

const update = (message: Record<string, unknown>) => ({
  update_id: 10,
  message: {
    message_id: 77,
    date: 1_700_000_000,
    chat: { id: 555, type: 'private', first_name: 'Rita' },
    ...message,
  },
});

describe('Telegram updates', () => {
  it('verifies the secret token header exactly', () => {
    const req = (h: Record<string, string>) => ({
      channelId: 9,
      query: {},
      headers: h,
      rawBody: Buffer.alloc(0),
    });
    expect(verify(ch, req({ 'x-telegram-bot-api-secret-token': 'segredo-do-canal' }))).toBe(true);
    expect(verify(ch, req({ 'x-telegram-bot-api-secret-token': 'segredo-do-canal2' }))).toBe(false);
    expect(verify(ch, req({}))).toBe(false);
    const none = { ...ch, secrets: { token: '1:x', webhook_secret: '' } } as OpenChannel<TTgConfig>;
    expect(verify(none, req({ 'x-telegram-bot-api-secret-token': '' }))).toBe(false);
  });

  it('orders by chat and ignores updates without a message', () => {
    expect(split(update({ text: 'oi' }))).toEqual([{ orderingKey: '555', payload: update({ text: 'oi' }) }]);
    expect(split({ update_id: 1, edited_message: { message_id: 1 } })).toEqual([]);
    expect(split({ update_id: 1, message: { message_id: 'x', chat: { id: 1 } } })).toEqual([]);
  });

  it('names the contact and the message by chat and message ids', () => {
    const p = parse(ch, update({ text: 'Olá', from: { id: 555, username: 'rita' } }));
    expect(p.contact).toEqual({
      externalId: '555',
      name: 'Rita',
      data: { user_id: '555', username: 'rita' },
    });
    expect(p.messages).toEqual([
      { externalId: '555:77', text: 'Olá', sentAt: new Date(1_700_000_000_000), metadata: {} },
    ]);
    // A group is the contact, by its title; an unnamed user by @username.
    const group = parse(ch, update({ text: 'oi', chat: { id: -100, type: 'group', title: 'Equipe' } }));
    expect(group.contact?.name).toBe('Equipe');
    const anon = parse(ch, update({ text: 'oi', chat: { id: 5, type: 'private', username: 'anonimo' } }));
    expect(anon.contact?.name).toBe('@anonimo');
  });

  it('takes the largest photo, files by file_id, a reply and kinds it does not show', () => {
    const photo = parse(
      ch,
      update({
        photo: [
          { file_id: 'small', file_size: 10 },
          { file_id: 'big', file_size: 99 },
        ],
        caption: 'Veja',
        reply_to_message: { message_id: 70 },
      }),
    );
    expect(photo.messages[0]).toMatchObject({
      text: 'Veja',
      media: [{ id: 'big', type: 'image' }],
      metadata: { reply_to: '555:70' },
    });
    const doc = parse(
      ch,
      update({ document: { file_id: 'd1', file_name: 'nota.pdf', mime_type: 'application/pdf' } }),
    );
    expect(doc.messages[0]?.media).toEqual([
      { id: 'd1', type: 'document', mimeType: 'application/pdf', fileName: 'nota.pdf' },
    ]);
    const poll = parse(ch, update({ poll: { id: '1', question: 'Sim?' } }));
    expect(poll.messages[0]?.text).toBe(TELEGRAM_MSG.unsupported);
  });
});
