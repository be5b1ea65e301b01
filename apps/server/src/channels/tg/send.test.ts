import { describe, expect, it } from 'vitest';
import { fileMethod, partsOf, textChunks } from './send';

const file = (mimeType: string, name = 'f') => ({
  id: '00000000-0000-0000-0000-000000000000',
  type: 'document' as const,
  mimeType,
  originalName: name,
  key: `k/${name}`,
  size: 1,
});

describe('Telegram send parts', () => {
  it('picks the Bot API method by the file type', () => {
    expect(fileMethod('image/png')).toEqual({ method: 'sendPhoto', field: 'photo' });
    expect(fileMethod('image/jpeg')).toEqual({ method: 'sendPhoto', field: 'photo' });
    expect(fileMethod('audio/ogg; codecs=opus')).toEqual({ method: 'sendVoice', field: 'voice' });
    expect(fileMethod('audio/mpeg')).toEqual({ method: 'sendVoice', field: 'voice' });
    expect(fileMethod('image/gif')).toEqual({ method: 'sendDocument', field: 'document' });
    expect(fileMethod('application/pdf')).toEqual({ method: 'sendDocument', field: 'document' });
    expect(fileMethod('video/mp4')).toEqual({ method: 'sendDocument', field: 'document' });
  });

  it('puts a short text as the first file caption, a long one after the files', () => {
    const two = [file('image/png', 'a'), file('application/pdf', 'b')];
    expect(partsOf({ text: 'Olá', media: two }).map((p) => (p.kind === 'file' ? p.caption : p.text))).toEqual(
      ['Olá', null],
    );
    const long = 'x'.repeat(1025);
    expect(partsOf({ text: long, media: two }).map((p) => p.kind)).toEqual(['file', 'file', 'text']);
    expect(partsOf({ text: 'Segue arquivo(s) em anexo.', media: two }).map((p) => p.kind)).toEqual([
      'file',
      'file',
    ]);
    expect(partsOf({ text: '   ', media: [] })).toEqual([]);
  });

  it('sends a text over 4096 characters in pieces that add up to it', () => {
    const words = Array.from({ length: 1500 }, (_, i) => `palavra${i}`).join(' ');
    const chunks = textChunks(words);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((c) => c.length <= 4096)).toBe(true);
    expect(chunks.join('')).toBe(words);
    // No break at all: cut at the limit, never inside an emoji's surrogate pair.
    const emojis = '😀'.repeat(3000);
    const parts = textChunks(emojis);
    expect(parts.join('')).toBe(emojis);
    expect(parts.every((c) => !/[\uD800-\uDBFF]$/.test(c) && c.length <= 4096)).toBe(true);
    expect(textChunks('curto')).toEqual(['curto']);
  });
});
