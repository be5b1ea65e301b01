import { describe, expect, it } from 'vitest';
import { uploadFailure } from './upload-file';

describe('upload failure texts', () => {
  it('treats HTTP 413 as too large, whatever the body (a proxy answers HTML)', () => {
    expect(uploadFailure(413, '<html>Request Entity Too Large</html>', 'video.mp4')).toBe(
      'Arquivo video.mp4 está acima do tamanho máximo permitido',
    );
  });

  it("shows the server's text on a refusal, and the spec's upload error otherwise", () => {
    const invalid = 'Arquivo foto.png inválido! Extensões permitidas: BMP, GIF, JPG, MP4, PDF e PNG.';
    expect(uploadFailure(400, JSON.stringify({ code: 'VALIDATION', message: invalid }), 'foto.png')).toBe(
      invalid,
    );
    expect(uploadFailure(400, 'not json', 'x.pdf')).toBe('Erro ao fazer upload de anexo. Tente novamente!');
    expect(uploadFailure(500, JSON.stringify({ message: 'Erro interno' }), 'x.pdf')).toBe(
      'Erro ao fazer upload de anexo. Tente novamente!',
    );
    expect(uploadFailure(0, '', 'x.pdf')).toBe('Erro ao fazer upload de anexo. Tente novamente!');
  });
});
