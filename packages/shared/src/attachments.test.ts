import { describe, expect, it } from 'vitest';
import { checkFilesBeforeUpload, formatBytes, kindByName } from './attachment-rules';
import { readAttachments } from './attachments';
import { ZSendMessageInput } from './attendance';

const MB = 1024 * 1024;

describe('checks before uploading (spec 1 §5 Attachments)', () => {
  it('refuses more than 5 files per message, counting those already chosen', () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, size: 10 }));
    expect(checkFilesBeforeUpload(six, 0)).toBe('Máximo de 5 arquivos excedido.');
    expect(checkFilesBeforeUpload(six.slice(0, 2), 4)).toBe('Máximo de 5 arquivos excedido.');
    expect(checkFilesBeforeUpload(six.slice(0, 5), 0)).toBeNull();
  });

  it('refuses other extensions with the spec text', () => {
    expect(checkFilesBeforeUpload([{ name: 'planilha.xlsx', size: 10 }], 0)).toBe(
      'Arquivo planilha.xlsx inválido! Extensões permitidas: BMP, GIF, JPG, MP4, PDF e PNG.',
    );
    expect(checkFilesBeforeUpload([{ name: 'sem-extensao', size: 10 }], 0)).toMatch(/inválido!/);
  });

  it('refuses a file over the limit of its kind (image 5 MB, PDF 10 MB, MP4 16 MB)', () => {
    expect(checkFilesBeforeUpload([{ name: 'foto.JPG', size: 5 * MB + 1 }], 0)).toBe(
      'Arquivo foto.JPG está acima do tamanho máximo permitido',
    );
    expect(checkFilesBeforeUpload([{ name: 'doc.pdf', size: 5 * MB + 1 }], 0)).toBeNull();
    expect(checkFilesBeforeUpload([{ name: 'doc.pdf', size: 10 * MB + 1 }], 0)).toMatch(/acima do tamanho/);
    expect(checkFilesBeforeUpload([{ name: 'video.mp4', size: 16 * MB }], 0)).toBeNull();
  });

  it('knows the kind a name announces', () => {
    expect(kindByName('a.jpeg')).toBe('image');
    expect(kindByName('a.PDF')).toBe('document');
    expect(kindByName('a.mp4')).toBe('video');
    expect(kindByName('a.mp3')).toBeNull();
    expect(kindByName('a.exe')).toBeNull();
  });

  it('formats sizes in Portuguese', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(320 * 1024)).toBe('320 KB');
    expect(formatBytes(1.5 * MB)).toBe('1,5 MB');
  });

  it('reads only well-formed attachments of a message', () => {
    const good = {
      id: '6f1c2a34-0000-4000-8000-000000000000',
      type: 'image',
      mimeType: 'image/png',
      originalName: 'a.png',
      key: 'att/1/2/x.png',
      size: 10,
      url: '/api/files/att/1/2/x.png?exp=1&sig=a',
      expireUrl: '2026-01-01T00:00:00.000Z',
    };
    expect(readAttachments([good, { id: 'x' }, null, 'texto'])).toEqual([good]);
  });

  it('the send input takes at most 5 attachments', () => {
    const ref = {
      id: '6f1c2a34-0000-4000-8000-000000000000',
      type: 'document',
      mimeType: 'application/pdf',
      originalName: 'a.pdf',
      key: 'att/1/2/x.pdf',
      size: 10,
      sig: 'abc',
    };
    const six = ZSendMessageInput.safeParse({ message: '', attachments: Array(6).fill(ref) });
    expect(six.success).toBe(false);
    expect(six.error?.issues[0]?.message).toBe('Máximo de 5 arquivos excedido.');
    expect(ZSendMessageInput.safeParse({ message: '', attachments: Array(5).fill(ref) }).success).toBe(true);
  });
});
