import { describe, expect, it } from 'vitest';
import { activeUploadFailure } from './upload-media';

describe('the text of a failed active-message upload', () => {
  it('says 2MB for a 413 (spec 1 §5), the server’s text for a refusal, ours otherwise', () => {
    expect(activeUploadFailure(413, '')).toBe('São permitidos somente arquivos de até 2MB.');
    expect(
      activeUploadFailure(
        400,
        JSON.stringify({ code: 'VALIDATION', message: 'São permitidos somente arquivos de até 2MB.' }),
      ),
    ).toBe('São permitidos somente arquivos de até 2MB.');
    expect(
      activeUploadFailure(403, JSON.stringify({ message: 'Você não tem permissão para esta ação.' })),
    ).toBe('Você não tem permissão para esta ação.');
    expect(activeUploadFailure(400, '<html>')).toBe('Erro ao realizar upload da Mídia.');
    expect(activeUploadFailure(502, JSON.stringify({ message: 'x' }))).toBe(
      'Erro ao realizar upload da Mídia.',
    );
  });
});
