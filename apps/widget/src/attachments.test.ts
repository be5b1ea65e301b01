import { describe, expect, it } from 'vitest';
import { readAttachments } from './attachments';

const good = {
  id: 'a1',
  type: 'document',
  mimeType: 'application/pdf',
  originalName: 'boleto.pdf',
  size: 1200,
  url: '/api/files/att/1/2/x.pdf?exp=1&sig=s',
  expireUrl: '2026-01-01T00:00:00.000Z',
};

describe('readAttachments', () => {
  it('points the signed URL at the Prosa server, not the customer site', () => {
    expect(readAttachments([good], 'https://prosa.app/pfx')).toEqual([
      {
        id: 'a1',
        type: 'document',
        mimeType: 'application/pdf',
        originalName: 'boleto.pdf',
        size: 1200,
        url: 'https://prosa.app/api/files/att/1/2/x.pdf?exp=1&sig=s',
      },
    ]);
  });

  it('leaves out malformed entries and non-http URLs', () => {
    expect(
      readAttachments([{ ...good, url: 'javascript:alert(1)' }, { id: 1 }, null], 'https://prosa.app'),
    ).toEqual([]);
    expect(readAttachments(undefined, 'https://prosa.app')).toEqual([]);
  });
});

describe('attachments in the conversation', () => {
  it('a server or socket message keeps its files; a pending one lists the names being sent', async () => {
    const { addPending, fromServer, fromSocket } = await import('./conversation');
    const [file] = readAttachments([good], 'https://prosa.app');
    if (!file) throw new Error('anexo não lido');
    const m = fromServer({
      id: 7,
      text: '',
      from: 'operator',
      operator_name: 'Ana',
      sent_at: '2026-03-10T12:00:00Z',
      attachments: [file],
    });
    expect(m.attachments).toEqual([file]);
    const s = fromSocket({
      id: 8,
      text: 'Segue arquivo(s) em anexo.',
      sender_type: 1,
      operator_name: 'Ana',
      sent_at: '2026-03-10T12:01:00Z',
      attachments: [file],
    });
    expect(s?.attachments[0]?.url).toBe('https://prosa.app/api/files/att/1/2/x.pdf?exp=1&sig=s');
    const pending = addPending([], 'c1', '', new Date(), ['foto.png']);
    expect(pending[0]).toMatchObject({ files: ['foto.png'], attachments: [], delivery: 'pending' });
  });
});

describe('visitor upload', () => {
  it('answers the file reference, and maps 413 and refusals to the spec texts', async () => {
    const { createApi } = await import('./api-client');
    const answer = (status: number, body: unknown) =>
      createApi('https://prosa.app', 'demo-empresa', async (input, init) => {
        expect(String(input)).toBe('https://prosa.app/api/webchat/visitor/upload');
        expect(new Headers(init?.headers).get('x-visitor-token')).toBe('tok');
        expect(init?.body).toBeInstanceOf(FormData);
        return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
      });
    const ref = { id: 'u1', originalName: 'foto.png', sig: 'x' };
    expect(
      await answer(200, { success: true, file: ref }).upload('tok', new Blob(['x']), 'foto.png'),
    ).toEqual(ref);
    await expect(
      answer(413, '<html>too large</html>').upload('tok', new Blob(['x']), 'video.mp4'),
    ).rejects.toThrow('Arquivo video.mp4 está acima do tamanho máximo permitido');
    const invalid = 'Arquivo a.png inválido! Extensões permitidas: BMP, GIF, JPG, MP4, PDF e PNG.';
    await expect(answer(400, { message: invalid }).upload('tok', new Blob(['x']), 'a.png')).rejects.toThrow(
      invalid,
    );
    await expect(answer(502, 'bad gateway').upload('tok', new Blob(['x']), 'a.png')).rejects.toThrow(
      'Erro ao fazer upload de anexo. Tente novamente!',
    );
  });
});
