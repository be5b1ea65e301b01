import { describe, expect, it } from 'vitest';
import { askProfilePicture } from './profile-picture-query';

// What WhatsApp's answers to `w:profile:picture` mean to a card: a url, or no picture (none, or hidden from us).
// Baileys throws an iq error as a Boom carrying the iq's code in `data`; the socket stand-in throws the same shape.

const iqError = (text: string, code: number) => Object.assign(new Error(text), { data: code });

const socketAnswering = (answer: () => Promise<string | undefined>) => ({
  profilePictureUrl: (_jid: string) => answer(),
});

describe('asking for a profile picture', () => {
  it('answers the url WhatsApp gives', async () => {
    const url = 'https://pps.whatsapp.net/v/t61/abc.jpg';
    expect(
      await askProfilePicture(
        socketAnswering(async () => url),
        '5511@s.whatsapp.net',
      ),
    ).toBe(url);
  });

  it('takes item-not-found (404) and not-authorized (401) as no picture', async () => {
    for (const code of [404, 401]) {
      const sock = socketAnswering(() => Promise.reject(iqError('item-not-found', code)));
      expect(await askProfilePicture(sock, '5511@s.whatsapp.net')).toBeNull();
    }
    expect(
      await askProfilePicture(
        socketAnswering(async () => undefined),
        '5511@s.whatsapp.net',
      ),
    ).toBeNull();
  });

  it('lets any other failure through (a timeout, a closed connection), to be tried again', async () => {
    const timeout = socketAnswering(() => Promise.reject(new Error('Timed Out')));
    await expect(askProfilePicture(timeout, '5511@s.whatsapp.net')).rejects.toThrow('Timed Out');
    const closed = socketAnswering(() => Promise.reject(iqError('Connection Closed', 500)));
    await expect(askProfilePicture(closed, '5511@s.whatsapp.net')).rejects.toThrow('Connection Closed');
  });
});
